using Prison.Domain;

namespace Prison.Db.Reads;

/// <summary>The compiled statements that load one aggregate to change it, for one model (one database engine).</summary>
internal sealed record AggregateChangeLoads(
    Func<PrisonDb, string, Task<Prisoner?>> Prisoner,
    IReadOnlyList<Func<PrisonDb, Guid, CancellationToken, Task>> Collections);
