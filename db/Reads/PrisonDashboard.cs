namespace Prison.Db.Reads;

/// <summary>What a prison's dashboard shows: its counts by status and its latest arrivals (all, or the dangerous ones).</summary>
public sealed record PrisonDashboard(StatusCounts Counts, IReadOnlyList<ArrivalRow> Rows);
