using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 8: a charge in the sexual offence category ended in conviction. A sexual offence charge that is
/// pending, ended in acquittal or was dropped does not count.
/// </summary>
public sealed class ConvictedOfSexualOffence : DangerRule
{
    public override string Title => "Convicted of a sexual offence";

    public override RuleCategory Category => RuleCategory.Legal;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today) =>
        RuleOutcome.FromMatches(prisoner.Charges.Where(c => c.IsConvicted && c.Category == OffenceCategory.Sexual), nextChange: null);
}
