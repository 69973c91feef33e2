using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Reads;

/// <summary>
/// One row of a prison's dashboard: a current stay and its prisoner's stored verdict; <see cref="FromEarlierRuleSet"/>
/// when that verdict was made with a rule set no longer in force (shown until the re-evaluation reaches it).
/// </summary>
public sealed record ArrivalRow(
    Guid PrisonerId,
    string Number,
    string Name,
    LegalStatus LegalStatus,
    DateOnly ArrivalDate,
    DangerStatus Status,
    IReadOnlyList<string> FiredRules,
    string? RuleSet,
    bool FromEarlierRuleSet = false);
