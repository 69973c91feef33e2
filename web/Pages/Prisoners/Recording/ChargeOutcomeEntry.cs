using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>How a pending charge ended: convicted, acquitted or dropped.</summary>
public sealed class ChargeOutcomeEntry : RecordForm
{
    public override string Kind => "charge-outcome";

    public override string Title => "Record a charge's outcome";

    public override bool Offers(Prisoner prisoner) => Pending(prisoner).Any();

    public override bool ActsOn(Prisoner prisoner, Entity entry) => Pending(prisoner).Any(c => c.Id == entry.Id);

    public override string Action => "Record outcome";

    public override string EntryField => "Charge";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        EntryChoice(EntryField, "Charge", Pending(prisoner), c => c.ToString()),
        FormField.Choice<ChargeOutcome>("Outcome", "Outcome", offered: o => o != ChargeOutcome.Pending),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var charge = input.Entry(EntryField, Pending(prisoner), "Choose a pending charge from the list.");
        var outcome = input.Choice<ChargeOutcome>("Outcome", "Choose an outcome from the list.", o => o != ChargeOutcome.Pending);
        if (!input.IsValid || charge is null)
        {
            return null;
        }

        prisoner.ConcludeCharge(charge.Id, outcome);
        return $"Charge of {charge.Offence}: {outcome.ToString().ToLowerInvariant()}.";
    }

    private static IEnumerable<Charge> Pending(Prisoner prisoner) => prisoner.Charges.Where(c => c.Outcome == ChargeOutcome.Pending);
}
