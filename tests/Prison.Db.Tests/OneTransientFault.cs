using System.Data.Common;
using System.Net.Sockets;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Npgsql;

namespace Prison.Db.Tests;

/// <summary>
/// A connection that breaks once, at the first command whose text contains <paramref name="marker"/>: before the
/// command reaches the database, or after it has run and committed (with its transaction, when it has one) but
/// before the answer is read: the outcome the client cannot know. Counts how often a command with the marker was sent.
/// </summary>
internal sealed class OneTransientFault(string marker, bool afterRunning) : DbCommandInterceptor, IDbTransactionInterceptor
{
    private int _broken;

    private bool _markedInTransaction;

    public int Sent { get; private set; }

    public override ValueTask<InterceptionResult<DbDataReader>> ReaderExecutingAsync(DbCommand command, CommandEventData eventData, InterceptionResult<DbDataReader> result, CancellationToken cancellationToken = default)
    {
        BreakBefore(command);
        return ValueTask.FromResult(result);
    }

    public override async ValueTask<DbDataReader> ReaderExecutedAsync(DbCommand command, CommandExecutedEventData eventData, DbDataReader result, CancellationToken cancellationToken = default)
    {
        if (afterRunning && Marked(command) && _broken == 0)
        {
            if (command.Transaction is not null)
            {
                _markedInTransaction = true;
                return result;
            }

            // Read to the end of the batch: PostgreSQL has run all of it in its implicit transaction and committed.
            _broken = 1;
            await result.CloseAsync();
            throw Fault();
        }

        return result;
    }

    public Task TransactionCommittedAsync(DbTransaction transaction, TransactionEndEventData eventData, CancellationToken cancellationToken = default)
    {
        if (_markedInTransaction && Interlocked.Exchange(ref _broken, 1) == 0)
        {
            throw Fault();
        }

        return Task.CompletedTask;
    }

    public override ValueTask<InterceptionResult<int>> NonQueryExecutingAsync(DbCommand command, CommandEventData eventData, InterceptionResult<int> result, CancellationToken cancellationToken = default)
    {
        BreakBefore(command);
        return ValueTask.FromResult(result);
    }

    private void BreakBefore(DbCommand command)
    {
        if (!Marked(command))
        {
            return;
        }

        Sent++;
        if (!afterRunning && Interlocked.Exchange(ref _broken, 1) == 0)
        {
            throw Fault();
        }
    }

    private bool Marked(DbCommand command) => command.CommandText.Contains(marker, StringComparison.Ordinal);

    /// <summary>What Npgsql throws for a connection lost mid-way: transient, so the execution strategy retries.</summary>
    private static NpgsqlException Fault() => new("The connection broke (a fault made by the test).", new SocketException((int)SocketError.ConnectionReset));
}
