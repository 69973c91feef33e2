using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>How a pending charge ended: convicted, acquitted or dropped.</summary>
public sealed class ChargeOutcomeEntry : RecordForm
{
    private const string NotPending = "Choose a pending charge from the list.";

    private const string NoOutcome = "Choose an outcome from the list.";

    public override string Kind => "charge-outcome";

    public override string Title => "Record a charge's outcome";

    public override string Action => "Record outcome";

    public override string EntryField => nameof(Charge);

    [Required(ErrorMessage = NotPending)]
    public Guid? Charge { get; set; }

    [Required(ErrorMessage = NoOutcome)]
    public ChargeOutcome? Outcome { get; set; }

    public override bool Offers(Prisoner prisoner) => Pending(prisoner).Any();

    public override bool ActsOn(Prisoner prisoner, Entry entry) => Pending(prisoner).Any(c => c.Id == entry.Id);

    public override IReadOnlyList<FormField> Fields() =>
    [
        EntryChoice(nameof(Charge), "Charge", Pending(Prisoner), c => c.ToString()),
        FormField.Choice<ChargeOutcome>(nameof(Outcome), "Outcome", offered: o => o != ChargeOutcome.Pending),
    ];

    public override void Validate(ModelStateDictionary errors)
    {
        OneOf(errors, nameof(Charge), Charge, Pending(Prisoner), NotPending);
        if (Fine(errors, nameof(Outcome)) && Outcome == ChargeOutcome.Pending)
        {
            errors.AddModelError(nameof(Outcome), NoOutcome);
        }
    }

    public override string Apply()
    {
        var charge = Chosen(Charge, Pending(Prisoner));
        Prisoner.ConcludeCharge(charge.Id, Outcome!.Value);
        return $"Charge of {charge.Offence}: {Words.InSentence(Outcome.Value)}.";
    }

    private static IEnumerable<Charge> Pending(Prisoner prisoner) => prisoner.Charges.Where(c => c.Outcome == ChargeOutcome.Pending);
}
