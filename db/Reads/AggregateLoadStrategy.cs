using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Storage;
using Npgsql.EntityFrameworkCore.PostgreSQL;

namespace Prison.Db.Reads;

/// <summary>
/// How <see cref="AggregateReads"/> runs its statements on PostgreSQL: the whole load is the unit a transient fault
/// runs again, from its first statement, as the context's own strategy would (<see cref="PrisonDatabase.Retries"/>).
/// Each statement inside it is then run once and streams its rows: under a strategy that retries statement by
/// statement, EF Core reads every row of a statement ahead into a buffer of its own before the first reaches the
/// loader. Inside a caller's unit (a save, an import batch) that unit is the one run again.
/// </summary>
internal sealed class AggregateLoadStrategy(DbContext context)
    : NpgsqlRetryingExecutionStrategy(context, PrisonDatabase.Retries, PrisonDatabase.LongestRetryDelay, errorCodesToAdd: null)
{
    /// <summary>False while the load runs: EF Core compiles and runs the statements inside it without buffering.</summary>
    public override bool RetriesOnFailure => Current != this && base.RetriesOnFailure;

    public override Task<TResult> ExecuteAsync<TState, TResult>(
        TState state,
        Func<DbContext, TState, CancellationToken, Task<TResult>> operation,
        Func<DbContext, TState, CancellationToken, Task<ExecutionResult<TResult>>>? verifySucceeded,
        CancellationToken cancellationToken = default) =>
        Current is null
            ? base.ExecuteAsync(state, operation, verifySucceeded, cancellationToken)
            : WithinCallersUnitAsync(state, operation, cancellationToken);

    /// <summary>Once, as this strategy's own (the caller's unit retries), so that its statements stream as they do alone.</summary>
    private async Task<TResult> WithinCallersUnitAsync<TState, TResult>(
        TState state, Func<DbContext, TState, CancellationToken, Task<TResult>> operation, CancellationToken cancellationToken)
    {
        // An async method's change of Current is undone for its caller when it returns.
        Current = this;
        return await operation(Dependencies.CurrentContext.Context, state, cancellationToken);
    }
}
