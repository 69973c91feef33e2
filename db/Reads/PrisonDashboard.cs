namespace Prison.Db.Reads;

/// <summary>
/// What a prison's dashboard shows: its counts by status and its latest arrivals, as of <see cref="Stamp"/>, read in
/// the same statement (the same snapshot), so that a page asking later whether they changed compares like with like.
/// </summary>
public sealed record PrisonDashboard(StatusCounts Counts, IReadOnlyList<ArrivalRow> Rows, DashboardStamp Stamp);
