using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 23: the prisoner is in security category A, the highest. No category on record does not count.</summary>
public sealed class SecurityCategoryA : DangerRule
{
    public override string Title => "Security category A";

    public override RuleCategory Category => RuleCategory.Escape;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today) =>
        prisoner.SecurityCategory == SecurityCategory.A
            ? RuleOutcome.Fire("security category is A")
            : RuleOutcome.Quiet();
}
