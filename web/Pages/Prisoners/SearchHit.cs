using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners;

/// <summary>
/// A prisoner a search found, with what their badges show: the stored verdict (and whether it was made with a rule set
/// no longer in force) and where they are held now (<see cref="PrisonId"/> null: not in custody).
/// </summary>
public sealed record SearchHit(
    Guid PrisonerId,
    string Number,
    string Name,
    LegalStatus LegalStatus,
    DangerStatus Status,
    IReadOnlyList<string> FiredRules,
    bool FromEarlierRuleSet,
    int? PrisonId,
    DateOnly? ArrivalDate);
