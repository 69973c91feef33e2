using Microsoft.EntityFrameworkCore;

namespace Prison.Db.Reads;

/// <summary>
/// Reads whose rows go out as they come (a list's download), however many there are. Under a retrying execution
/// strategy (PostgreSQL's) EF Core reads every row of a statement before it hands out the first, so that it could run
/// the statement again; a download half sent cannot be sent again, so its reads run under a strategy that never
/// retries (<see cref="ReadOnceStrategy"/>), and stream.
/// </summary>
public static class StreamedReads
{
    /// <summary>Runs <paramref name="work"/> once, its statements streaming their rows; a fault of the database ends it.</summary>
    public static Task StreamAsync(this PrisonDb db, Func<CancellationToken, Task> work, CancellationToken cancellationToken) =>
        new ReadOnceStrategy(db).ExecuteAsync(work, cancellationToken);
}
