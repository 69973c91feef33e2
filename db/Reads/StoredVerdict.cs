using Prison.Db.Writes;
using Prison.Domain;

namespace Prison.Db.Reads;

/// <summary>A prisoner's stored verdict as the prisoner page shows it: status, the facts of each fired rule, when and with what it was made.</summary>
public sealed record StoredVerdict(
    DangerStatus Status,
    IReadOnlyList<RuleFacts> Facts,
    DateTime? EvaluatedAtUtc,
    DateTime? ReevaluateAtUtc,
    string? RuleSet);
