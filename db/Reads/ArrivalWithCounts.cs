namespace Prison.Db.Reads;

/// <summary>A row of the dashboard's one statement: an arrival, and the prison's counts that every row carries.</summary>
internal sealed record ArrivalWithCounts(ArrivalRow Arrival, StatusCounts Counts);
