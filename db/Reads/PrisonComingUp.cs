namespace Prison.Db.Reads;

/// <summary>
/// One stripe of how many of a prison's current prisoners have a stored forecast at one instant, made with one rule
/// set. Written only by the database's triggers (migration 026), in the same calls that keep
/// <see cref="PrisonStatusCount"/>; a prison's "Coming up" count within a span is the sum of its rows of the rule set
/// in force up to the span's end (<see cref="ComingUpCounts"/>). A row that comes down to zero is deleted.
/// </summary>
public sealed class PrisonComingUp
{
    public int PrisonId { get; init; }

    public string RuleSet { get; init; } = string.Empty;

    /// <summary>The forecast's instant (UTC): the start of a day in the prisons' calendar.</summary>
    public DateTime ForecastAt { get; init; }

    public short Stripe { get; init; }

    public int Prisoners { get; init; }
}
