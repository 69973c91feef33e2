using System.Data.Common;
using Microsoft.EntityFrameworkCore.Diagnostics;

namespace Prison.Testing;

/// <summary>
/// Sees when EF Core closes the readers of its statements: a read that streams keeps its reader open while its rows are
/// handed out; one that buffers (as EF does under a retrying execution strategy) has closed it before the first row.
/// </summary>
public sealed class ReaderWatch : DbCommandInterceptor
{
    private readonly List<DbDataReader> _readers = [];
    private int _closing;

    /// <summary>The statements' own readers (the provider's, before EF wraps or buffers them) that are still open.</summary>
    public int Open { get { lock (_readers) { return _readers.Count(r => !r.IsClosed); } } }

    public int Opened { get { lock (_readers) { return _readers.Count; } } }

    /// <summary>How many times EF closed a reader it handed out.</summary>
    public int Closed => Volatile.Read(ref _closing);

    public override DbDataReader ReaderExecuted(DbCommand command, CommandExecutedEventData eventData, DbDataReader result)
    {
        lock (_readers) { _readers.Add(result); }
        return result;
    }

    public override ValueTask<DbDataReader> ReaderExecutedAsync(DbCommand command, CommandExecutedEventData eventData, DbDataReader result, CancellationToken cancellationToken = default)
    {
        lock (_readers) { _readers.Add(result); }
        return ValueTask.FromResult(result);
    }

    public override InterceptionResult DataReaderClosing(DbCommand command, DataReaderClosingEventData eventData, InterceptionResult result)
    {
        Interlocked.Increment(ref _closing);
        return result;
    }

    public override ValueTask<InterceptionResult> DataReaderClosingAsync(DbCommand command, DataReaderClosingEventData eventData, InterceptionResult result)
    {
        Interlocked.Increment(ref _closing);
        return ValueTask.FromResult(result);
    }
}
