namespace Prison.Domain.Record;

/// <summary>
/// Identity for the aggregate's parts. Ids are time-ordered (UUID v7) and made here, not by the
/// database, so new rows can be inserted in batches and scanned in key ranges.
/// </summary>
public abstract class Entity
{
    public Guid Id { get; protected set; } = Guid.CreateVersion7();
}
