using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 4: any charge for a violent offence that still stands: pending or convicted, and not superseded. A charge
/// that ended in acquittal or was dropped does not count, nor one another charge has taken the place of (the custody
/// importer supersedes a top charge when the files name another, so the rule reads the current top charge).
/// </summary>
public sealed class ChargedWithViolentCrime : DangerRule
{
    public override string Title => "Charged with a violent crime";

    public override RuleCategory Category => RuleCategory.Legal;

    public static IEnumerable<Charge> StandingViolentCharges(Prisoner prisoner) =>
        prisoner.Charges.Where(c => c.IsViolent && !c.IsSuperseded && c.Outcome is not (ChargeOutcome.Acquitted or ChargeOutcome.Dropped));

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today) =>
        RuleOutcome.FromMatches(StandingViolentCharges(prisoner), nextChange: null);
}
