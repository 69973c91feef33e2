using Prison.Domain;
using Prison.Domain.Evaluation;

namespace Prison.Worker.Tests.Evaluation;

/// <summary>A quiet rule that lets a test act in the middle of an evaluation, as another batch of the process might.</summary>
internal sealed class CallsBackWhenEvaluated : DangerRule
{
    public Action? Meanwhile { get; set; }

    public override string Title => "Calls back when evaluated";

    public override RuleCategory Category => RuleCategory.Custody;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today)
    {
        Meanwhile?.Invoke();
        return RuleOutcome.Quiet();
    }
}
