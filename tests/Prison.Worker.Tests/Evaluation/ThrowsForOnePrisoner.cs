using Prison.Domain;
using Prison.Domain.Evaluation;

namespace Prison.Worker.Tests.Evaluation;

/// <summary>A rule with a bug that one prisoner's record triggers, as an admin's rule assembly might have.</summary>
internal sealed class ThrowsForOnePrisoner(string number) : DangerRule
{
    public override string Title => "Throws for one prisoner";

    public override RuleCategory Category => RuleCategory.Custody;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today) =>
        prisoner.Number == number ? throw new InvalidOperationException($"this rule cannot read {number}'s record") : RuleOutcome.Quiet();
}
