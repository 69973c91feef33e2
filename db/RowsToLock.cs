namespace Prison.Db;

/// <summary>
/// What a save of several prisoners locks before it writes: the prisoners, and the prisons of their stays (as pairs,
/// since a prison's counts are striped by prisoner).
/// </summary>
internal sealed record RowsToLock(Guid[] Prisoners, Guid[] StayPrisoners, int[] StayPrisons);
