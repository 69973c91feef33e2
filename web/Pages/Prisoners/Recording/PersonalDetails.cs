using System.ComponentModel.DataAnnotations;
using Prison.Web.Forms;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>The prisoner's name and date of birth, corrected.</summary>
public sealed class PersonalDetails : RecordForm
{
    public override string Kind => "personal-details";

    public override string Title => "Correct personal details";

    [Required(ErrorMessage = "Enter the prisoner's name."), StringLength(ShortText, ErrorMessage = TooLong)]
    public string? Name { get; set; }

    [Unreadable("Enter the date of birth as YYYY-MM-DD."), Day(Subject = "The date of birth", BeforeBirthAllowed = true)]
    public DateOnly? DateOfBirth { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
    [
        FormField.Text(nameof(Name), "Name", ShortText) with { Initial = Prisoner.Name },
        FormField.Date(nameof(DateOfBirth), "Date of birth, if known", Prisoner.DateOfBirth?.ToString("yyyy-MM-dd") ?? string.Empty),
    ];

    public override string Apply()
    {
        Prisoner.CorrectPersonalDetails(Name!.Trim(), DateOfBirth);
        return "Personal details corrected.";
    }
}
