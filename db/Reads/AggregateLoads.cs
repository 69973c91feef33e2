using Prison.Domain;

namespace Prison.Db.Reads;

/// <summary>The compiled statements of one way of loading aggregates (tracked or not), for one model (one engine).</summary>
internal sealed record AggregateLoads(
    Func<PrisonDb, Guid[], IAsyncEnumerable<PrisonerWithParts>> ByIds,
    Func<PrisonDb, Guid, Guid, IAsyncEnumerable<PrisonerWithParts>> InRange,
    Func<PrisonDb, string, Task<PrisonerWithParts?>> ByNumber,
    IReadOnlyList<(int Bit, AggregateLoads.CollectionLoad Load)> Collections)
{
    /// <summary>Reads one collection's entries of the prisoners <paramref name="keys"/> names into them, <paramref name="owners"/>.</summary>
    public delegate Task CollectionLoad(PrisonDb db, LoadedKeys keys, IReadOnlyDictionary<Guid, Prisoner> owners, CancellationToken cancellationToken);
}
