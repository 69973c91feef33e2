namespace Prison.Db.Reads;

/// <summary>The compiled statements that load one aggregate to change it, for one model (one database engine).</summary>
internal sealed record AggregateChangeLoads(
    Func<PrisonDb, string, Task<PrisonerWithParts?>> Prisoner,
    IReadOnlyList<(int Bit, Func<PrisonDb, Guid, CancellationToken, Task> Load)> Collections);
