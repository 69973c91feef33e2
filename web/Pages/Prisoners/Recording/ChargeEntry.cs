using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class ChargeEntry : RecordForm
{
    public override string Kind => "charge";

    public override string Title => "Add a charge";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        FormField.Text("Offence", "Offence"),
        FormField.Choice<OffenceCategory>("Category", "Category"),
        FormField.Check("Violent", "A violent offence"),
        FormField.Date("OffenceDate", "Offence date, if known", string.Empty),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var offence = input.Text("Offence", "Name the offence.");
        var category = input.Choice<OffenceCategory>("Category", "Choose a category from the list.");
        var violent = input.Check("Violent");
        var date = input.OptionalDate("OffenceDate", "the offence date");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.RecordCharge(offence, category, violent, date);
        return $"Charge of {offence} added.";
    }
}
