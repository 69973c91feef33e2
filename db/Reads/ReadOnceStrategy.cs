using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Storage;

namespace Prison.Db.Reads;

/// <summary>
/// The execution strategy of a streamed read (<see cref="StreamedReads"/>): it never retries, so EF Core compiles and
/// runs the statements inside it without reading their rows ahead (the context's own strategy, run within it, runs
/// them once).
/// </summary>
internal sealed class ReadOnceStrategy(DbContext context) : ExecutionStrategy(context, maxRetryCount: 0, maxRetryDelay: TimeSpan.Zero)
{
    protected override bool ShouldRetryOn(Exception exception) => false;
}
