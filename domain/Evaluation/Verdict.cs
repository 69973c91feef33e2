namespace Prison.Domain.Evaluation;

/// <summary>
/// The result of evaluating every enabled rule for one prisoner, and its forecast: the first change of its status
/// within <see cref="Evaluation.Forecast.Horizon"/>, or null when none comes that soon.
/// </summary>
public sealed record Verdict(
    DangerStatus Status,
    IReadOnlyList<FiredRule> FiredRules,
    DateTime EvaluatedAtUtc,
    DateTime? ReevaluateAtUtc,
    string RuleSetId,
    Forecast? Forecast = null)
{
    public bool IsDangerous => Status == DangerStatus.Dangerous;
}
