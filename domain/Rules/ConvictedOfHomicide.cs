using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 7: a charge in the homicide category ended in conviction. A homicide charge that is pending,
/// ended in acquittal or was dropped does not count here (a pending violent charge is rule 4's).
/// </summary>
public sealed class ConvictedOfHomicide : DangerRule
{
    public override string Title => "Convicted of homicide";

    public override RuleCategory Category => RuleCategory.Legal;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today) =>
        RuleOutcome.FromMatches(prisoner.Charges.Where(c => c.IsConvicted && c.Category == OffenceCategory.Homicide), nextChange: null);
}
