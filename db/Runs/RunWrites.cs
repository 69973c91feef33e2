using Microsoft.EntityFrameworkCore;

namespace Prison.Db.Runs;

public static class RunWrites
{
    private static readonly string Worker = $"{Environment.MachineName}:{Environment.ProcessId}";

    /// <summary>Stores a new run; false when another run is current (the one-at-a-time index refused it).</summary>
    public static async Task<bool> TryStartRunAsync(this PrisonDb db, ReevaluationRun run, CancellationToken cancellationToken)
    {
        db.Add(run);
        try
        {
            await db.SaveChangesAsync(cancellationToken);
            return true;
        }
        catch (DbUpdateException)
        {
            db.Entry(run).State = EntityState.Detached;
            if (await db.CurrentRunAsync(cancellationToken) is null)
            {
                throw;
            }

            return false;
        }
    }

    /// <summary>
    /// Counts a finished batch into its run, once however often the batch is delivered, and finishes the run with
    /// its last batch. The counters are updated in the run's own row, so batches finishing at once all see each other.
    /// </summary>
    public static async Task RecordBatchAsync(this PrisonDb db, Guid runId, int batch, int prisoners, bool failed, DateTime nowUtc, CancellationToken cancellationToken)
    {
        var done = failed ? 0 : prisoners;
        var notDone = failed ? prisoners : 0;
        if (db.IsPostgreSql)
        {
            // One statement: the run's row stays locked for the statement only, not across round trips to a worker
            // that may be busy evaluating (batches queued on that lock and made a full run a third slower).
            await db.Database.ExecuteSqlAsync($"""
                WITH recorded AS (
                    INSERT INTO reevaluation_batch (run_id, number, prisoners, failed, worker, finished_at)
                    VALUES ({runId}, {batch}, {prisoners}, {failed}, {Worker}, {nowUtc}) ON CONFLICT DO NOTHING
                    RETURNING 1)
                UPDATE reevaluation_run
                SET done = done + {done}, failed = failed + {notDone}, finished_batches = finished_batches + 1,
                    finished_at = CASE WHEN finished_batches + 1 >= batches THEN {nowUtc} ELSE finished_at END,
                    is_current = CASE WHEN finished_batches + 1 >= batches THEN NULL ELSE is_current END
                WHERE id = {runId} AND EXISTS (SELECT 1 FROM recorded)
                """, cancellationToken);
            return;
        }

        await db.InTransactionAsync(
            async token =>
            {
                var first = await db.Database.ExecuteSqlAsync($"""
                    INSERT INTO reevaluation_batch (run_id, number, prisoners, failed, worker, finished_at)
                    VALUES ({runId}, {batch}, {prisoners}, {failed}, {Worker}, {nowUtc}) ON CONFLICT DO NOTHING
                    """, token);
                if (first == 1)
                {
                    await db.Database.ExecuteSqlAsync($"""
                        UPDATE reevaluation_run
                        SET done = done + {done}, failed = failed + {notDone}, finished_batches = finished_batches + 1,
                            finished_at = CASE WHEN finished_batches + 1 >= batches THEN {nowUtc} ELSE finished_at END,
                            is_current = CASE WHEN finished_batches + 1 >= batches THEN NULL ELSE is_current END
                        WHERE id = {runId}
                        """, token);
                }
            },
            cancellationToken);
    }

    /// <summary>
    /// Ends a run whose remaining batches can no longer arrive (never published, or held by an in-memory bus that
    /// is gone): what was not done counts as failed.
    /// </summary>
    public static Task<int> AbandonRunAsync(this PrisonDb db, Guid runId, DateTime nowUtc, CancellationToken cancellationToken) =>
        db.Database.ExecuteSqlAsync($"""
            UPDATE reevaluation_run SET failed = total - done, finished_at = {nowUtc}, is_current = NULL
            WHERE id = {runId} AND is_current IS NOT NULL
            """, cancellationToken);
}
