namespace Prison.Domain.Record;

/// <summary>
/// One entry of a prisoner's record (a notice, a charge, a stay...). Ids are time-ordered (UUID v7) and made here, not
/// by the database, so new rows can be inserted in batches and scanned in key ranges.
/// </summary>
public abstract class Entry
{
    /// <summary>EF Core's way in: it sets the stored id, so making a new one for every row read would be wasted.</summary>
    protected Entry()
    {
    }

    /// <summary>A new entry.</summary>
    protected Entry(Guid id) => Id = id;

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
