using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Web.Forms;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>A ban on visits from a day, open-ended or until a day.</summary>
public sealed class VisitBanEntry : RecordForm
{
    public override string Kind => "visit-ban";

    public override string Title => "Ban visits";

    [Required(ErrorMessage = "Enter the first day of the ban as YYYY-MM-DD."), Day(FutureAllowed = true)]
    public DateOnly? Start { get; set; }

    [Unreadable("Enter the day the ban ends as YYYY-MM-DD."), Day(FutureAllowed = true)]
    public DateOnly? End { get; set; }

    [Required(ErrorMessage = "Say why visits are banned."), StringLength(ReasonText, ErrorMessage = TooLong)]
    public string? Reason { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
    [
        FormField.Date(nameof(Start), "From", Context.TodayText),
        FormField.Date(nameof(End), "Until, if decided", string.Empty),
        FormField.Text(nameof(Reason), "Reason", ReasonText),
    ];

    public override void Validate(ModelStateDictionary errors)
    {
        if (Fine(errors, nameof(Start)))
        {
            NotBefore(errors, nameof(End), End, Start, "the start");
        }
    }

    public override string Apply()
    {
        Prisoner.BanVisits(Start!.Value, End, Reason!.Trim());
        return $"Visit ban from {Start:yyyy-MM-dd} recorded.";
    }
}
