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

    /// <summary>One pass over the candidates, counting: a rule that does not fire allocates nothing (see <see cref="RecentRecordRule{T}"/>).</summary>
    public sealed override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today)
    {
        var active = 0;
        DateOnly? nextChange = null;
        foreach (var candidate in Candidates(prisoner))
        {
            var period = PeriodOf(candidate);
            nextChange = RuleOutcome.Earliest(nextChange, period.NextChangeAfter(today));
            if (period.IsActiveOn(today))
            {
                active++;
            }
        }

        return active == 0
            ? RuleOutcome.Quiet(nextChange)
            : RuleOutcome.FromMatches(Candidates(prisoner).Where(c => PeriodOf(c).IsActiveOn(today)), nextChange);
    }
}
