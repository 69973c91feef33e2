using Prison.Domain;

namespace Prison.Db.Reads;

/// <summary>The compiled statements of one way of loading aggregates (tracked or not), for one model (one engine).</summary>
internal sealed record AggregateLoads(
    Func<PrisonDb, Guid[], IAsyncEnumerable<PrisonerWithParts>> ByIds,
    Func<PrisonDb, string, Task<PrisonerWithParts?>> ByNumber,
    IReadOnlyList<(int Bit, AggregateLoads.CollectionLoad Load)> Collections)
{
    /// <summary>Reads one collection's entries of <paramref name="prisonerIds"/> into their prisoners, <paramref name="owners"/>.</summary>
    public delegate Task CollectionLoad(PrisonDb db, Guid[] prisonerIds, IReadOnlyDictionary<Guid, Prisoner> owners, CancellationToken cancellationToken);
}
