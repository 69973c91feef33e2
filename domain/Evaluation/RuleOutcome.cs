namespace Prison.Domain.Evaluation;

/// <summary>
/// What one rule concluded for one prisoner on one day: whether it fired, the facts that made it fire
/// (shown to staff), and the next day on which the passing of time alone may change that conclusion.
/// </summary>
public sealed record RuleOutcome(bool Fired, IReadOnlyList<string> Facts, DateOnly? NextChange)
{
    private static readonly RuleOutcome QuietForGood = new(false, [], null);

    public static RuleOutcome Quiet(DateOnly? nextChange = null) => nextChange is null ? QuietForGood : new(false, [], nextChange);

    public static RuleOutcome Fire(IEnumerable<string> facts, DateOnly? nextChange = null) => new(true, facts.ToList(), nextChange);

    public static RuleOutcome Fire(string fact, DateOnly? nextChange = null) => new(true, [fact], nextChange);

    /// <summary>Fires with every matching item as a fact; the next change is the earliest of any item's.</summary>
    public static RuleOutcome FromMatches<T>(IEnumerable<T> matches, DateOnly? nextChange, int atLeast = 1)
    {
        // The list is made at the first match: most rules match nothing for most prisoners.
        List<string>? facts = null;
        foreach (var match in matches)
        {
            (facts ??= []).Add(match?.ToString() ?? string.Empty);
        }

        return facts is not null && facts.Count >= atLeast ? new RuleOutcome(true, facts, nextChange) : Quiet(nextChange);
    }

    /// <summary>The earlier of two optional days.</summary>
    public static DateOnly? Earliest(DateOnly? a, DateOnly? b) => a is null ? b : b is null ? a : a < b ? a : b;

    public static DateOnly? Earliest(IEnumerable<DateOnly?> days) => days.Aggregate((DateOnly?)null, Earliest);
}
