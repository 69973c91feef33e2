namespace Prison.Domain.Record;

/// <summary>
/// Identity for the aggregate's parts. Ids are time-ordered (UUID v7) and made here, not by the
/// database, so new rows can be inserted in batches and scanned in key ranges.
/// </summary>
public abstract class Entity
{
    public Guid Id { get; protected set; } = Guid.CreateVersion7();

    /// <summary>Set when the entry was made in error: it stays on the record, and the rules ignore it.</summary>
    public Strike? Strike { get; private set; }

    public bool IsStruck => Strike is not null;

    internal void StrikeOut(Strike strike)
    {
        if (Strike is { } earlier)
        {
            throw new InvalidOperationException($"This entry was already {earlier}.");
        }

        Strike = strike;
    }
}
