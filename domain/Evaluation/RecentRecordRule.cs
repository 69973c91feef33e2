namespace Prison.Domain.Evaluation;

/// <summary>
/// A rule that fires when at least <see cref="AtLeast"/> matching records are dated inside a trailing
/// window. Its verdict can next change on the day any matching record enters or leaves the window.
/// </summary>
public abstract class RecentRecordRule<T> : DangerRule
{
    protected abstract TrailingWindow Span { get; }

    protected virtual int AtLeast => 1;

    public override string? Window => Span.ToString();

    /// <summary>The records that count when they are inside the window.</summary>
    protected abstract IEnumerable<T> Candidates(Prisoner prisoner);

    protected abstract DateOnly DateOf(T record);

    /// <summary>
    /// One pass over the candidates, counting: a full re-evaluation runs each rule once per prisoner, and most
    /// prisoners have no record of most kinds, so a rule that does not fire allocates nothing.
    /// </summary>
    public sealed override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today)
    {
        var inside = 0;
        DateOnly? nextChange = null;
        foreach (var candidate in Candidates(prisoner))
        {
            var date = DateOf(candidate);
            nextChange = RuleOutcome.Earliest(nextChange, Span.NextChange(date, today));
            if (Span.Contains(date, today))
            {
                inside++;
            }
        }

        return inside < AtLeast
            ? RuleOutcome.Quiet(nextChange)
            : RuleOutcome.FromMatches(Candidates(prisoner).Where(c => Span.Contains(DateOf(c), today)).OrderByDescending(DateOf), nextChange, AtLeast);
    }
}
