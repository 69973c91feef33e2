namespace Prison.Db.Reads;

/// <summary>
/// A row of the statements over a prison's current prisoners: an arrival (none on the line of a dashboard that has not
/// changed, or of a prison with nobody to show), and the prison's counts and stamp, which every line carries, with its
/// count of "Coming up" (zero where the statement did not count it).
/// </summary>
internal sealed record DashboardLine(StatusCounts Counts, DashboardStamp Stamp, ArrivalRow? Arrival, int ComingUp);
