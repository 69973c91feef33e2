namespace Prison.Domain.Record;

/// <summary>
/// Why an entry made in error no longer counts: who struck it out, when (UTC) and why. The entry is kept,
/// so the record shows what was once believed, but no rule reads it any more.
/// </summary>
public sealed class Strike
{
    public const int MaxBy = 200;
    public const int MaxReason = 2000;

    public Strike(DateTime atUtc, string by, string reason)
    {
        if (atUtc.Kind != DateTimeKind.Utc)
        {
            throw new ArgumentException("The time of a strike-out is an instant in UTC.", nameof(atUtc));
        }

        AtUtc = atUtc;
        By = Require.Text(by, nameof(by), MaxBy);
        Reason = Require.Text(reason, nameof(reason), MaxReason);
    }

    public DateTime AtUtc { get; }

    public string By { get; }

    public string Reason { get; }

    public override string ToString() => $"struck out by {By} at {AtUtc:yyyy-MM-dd HH:mm} UTC: {Reason}";
}
