using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 38: three or more earlier custody episodes. An episode starts with a new reception into custody;
/// a transfer does not start one, because a move between prisons is not a new imprisonment. While the
/// prisoner is in custody, the episode that began with the latest new reception on or before the current
/// imprisonment's arrival is the current one and does not count; when not in custody every episode counts.
/// </summary>
public sealed class ThreeOrMorePriorImprisonments : DangerRule
{
    private const int AtLeast = 3;

    public override string Title => "Three or more previous imprisonments";

    public override RuleCategory Category => RuleCategory.Custody;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today)
    {
        var receptions = prisoner.Stays
            .Where(i => i.ArrivalReason == ArrivalReason.NewReception)
            .OrderBy(i => i.ArrivalDate)
            .ToList();
        var currentEpisode = prisoner.CurrentStay is { } current
            ? receptions.LastOrDefault(r => r.ArrivalDate <= current.ArrivalDate)
            : null;
        var prior = receptions.Where(r => !ReferenceEquals(r, currentEpisode)).ToList();

        // Facts are only written for a rule that fires: formatting them for everyone was most of this rule's cost.
        return prior.Count >= AtLeast
            ? RuleOutcome.Fire(prior.Select(r => $"received into custody at prison {r.PrisonId} on {r.ArrivalDate:yyyy-MM-dd}"))
            : RuleOutcome.Quiet();
    }
}
