namespace Prison.Db.Reads;

/// <summary>
/// One page of a prison's current prisoners (all, or those at one status), newest arrival first, with the prison's
/// counts read in the same statement; <see cref="Next"/> is where the next page starts, null on the last.
/// </summary>
public sealed record CurrentPrisonersPage(StatusCounts Counts, IReadOnlyList<ArrivalRow> Rows, ArrivalCursor? Next);
