namespace Prison.Domain.Record;

/// <summary>
/// Identity for the aggregate's parts. Ids are time-ordered (UUID v7) and made here, not by the
/// database, so new rows can be inserted in batches and scanned in key ranges.
/// </summary>
public abstract class Entity
{
    /// <summary>EF Core's way in: it sets the stored id, so a new one made for every row read would be wasted (and
    /// was a tenth of the cost of loading records for evaluation).</summary>
    protected Entity()
    {
    }

    /// <summary>A new entry.</summary>
    protected Entity(Guid id) => Id = id;

    public Guid Id { get; protected set; }

    /// <summary>Set when the entry was made in error: it stays on the record, and the rules ignore it.</summary>
    public Strike? Strike { get; private set; }

    public bool IsStruck => Strike is not null;

    internal void StrikeOut(Strike strike)
    {
        if (Strike is { } earlier)
        {
            throw new RecordRefusedException($"This entry was already {earlier}.");
        }

        Strike = strike;
    }
}
