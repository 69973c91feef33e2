using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 40: convicted of an offence committed while in custody, i.e. on a day some imprisonment covers,
/// its arrival and leaving days included. A charge without an offence date does not count, since it
/// cannot be placed inside a stay; charges that are pending, acquitted or dropped do not count either.
/// </summary>
public sealed class ConvictedWhileInCustody : DangerRule
{
    public override string Title => "Convicted of an offence committed in custody";

    public override RuleCategory Category => RuleCategory.Legal;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today) =>
        RuleOutcome.FromMatches(
            prisoner.Charges.Where(c => c.IsConvicted && c.OffenceDate is { } day && prisoner.Stays.Any(i => i.Covers(day))),
            nextChange: null);
}
