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

    public sealed override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today)
    {
        var candidates = Candidates(prisoner).ToList();
        if (candidates.Count == 0)
        {
            // Most prisoners have no record of most kinds: this rule runs a million times in a full re-evaluation.
            return RuleOutcome.Quiet();
        }

        var inside = candidates.Where(c => Span.Contains(DateOf(c), today)).OrderByDescending(DateOf);
        return RuleOutcome.FromMatches(inside, Span.NextChange(candidates.Select(DateOf), today), AtLeast);
    }
}
