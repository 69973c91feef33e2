using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class PersonalDetails : RecordForm
{
    private static readonly DateOnly EarliestBirth = new(1900, 1, 1);

    public override string Kind => "personal-details";

    public override string Title => "Correct personal details";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        FormField.Text("Name", "Name") with { Initial = prisoner.Name },
        FormField.Date("DateOfBirth", "Date of birth, if known", prisoner.DateOfBirth?.ToString("yyyy-MM-dd") ?? string.Empty),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var name = input.Text("Name", "Enter the prisoner's name.", 200);
        var born = input.OptionalDate("DateOfBirth", "the date of birth");
        if (born < EarliestBirth)
        {
            input.Refuse("DateOfBirth", $"The date of birth cannot be before {EarliestBirth:yyyy-MM-dd}.");
        }

        if (!input.IsValid)
        {
            return null;
        }

        prisoner.CorrectPersonalDetails(name, born);
        return "Personal details corrected.";
    }
}
