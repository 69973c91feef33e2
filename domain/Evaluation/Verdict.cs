namespace Prison.Domain.Evaluation;

/// <summary>The result of evaluating every enabled rule for one prisoner.</summary>
public sealed record Verdict(
    DangerStatus Status,
    IReadOnlyList<FiredRule> FiredRules,
    DateTime EvaluatedAtUtc,
    DateTime? ReevaluateAtUtc,
    string RuleSetId)
{
    public bool IsDangerous => Status == DangerStatus.Dangerous;
}
