using Prison.Domain.Record;

namespace Prison.Domain.Evaluation;

/// <summary>
/// A rule that fires while a matching period has started and not ended. Its verdict can next change
/// on the day any matching period starts or ends.
/// </summary>
public abstract class OngoingPeriodRule<T> : DangerRule
{
    protected abstract IEnumerable<T> Candidates(Prisoner prisoner);

    protected abstract DateRange PeriodOf(T record);

    public sealed override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today)
    {
        var candidates = Candidates(prisoner).ToList();
        if (candidates.Count == 0)
        {
            return RuleOutcome.Quiet();
        }

        var active = candidates.Where(c => PeriodOf(c).IsActiveOn(today));
        return RuleOutcome.FromMatches(active, RuleOutcome.Earliest(candidates.Select(c => PeriodOf(c).NextChangeAfter(today))));
    }
}
