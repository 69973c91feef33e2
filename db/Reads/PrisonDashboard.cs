namespace Prison.Db.Reads;

/// <summary>
/// What a prison's dashboard shows: its counts by status and its latest arrivals, as of <see cref="Stamp"/>, read in
/// the same statement (the same snapshot), so that a page asking later whether they changed compares like with like;
/// and how many of its current prisoners' verdicts change within the span asked (<see cref="ComingUp"/>).
/// </summary>
public sealed record PrisonDashboard(StatusCounts Counts, IReadOnlyList<ArrivalRow> Rows, DashboardStamp Stamp, int ComingUp = 0);
