using System.Globalization;
using Microsoft.EntityFrameworkCore;
using Npgsql;

namespace Prison.Db.Tests.Writes;

/// <summary>
/// What a write cost the database, from PostgreSQL's cumulative statistics of the scratch database (its own, so other
/// work on the server does not count): the shared buffers touched in every table and index (pg_statio_user_tables, the
/// triggers' statements included, which EXPLAIN does not show), the rows inserted, updated and deleted, and the calls of
/// the functions the triggers run (track_functions). Counts of pages and rows, not times: the same on a busy machine.
/// </summary>
internal sealed record WriteWork(long Buffers, long Rows, long FunctionCalls)
{
    private const string Totals = """
        SELECT (SELECT coalesce(sum(coalesce(heap_blks_read, 0) + coalesce(heap_blks_hit, 0) + coalesce(idx_blks_read, 0) + coalesce(idx_blks_hit, 0)
                                    + coalesce(toast_blks_read, 0) + coalesce(toast_blks_hit, 0) + coalesce(tidx_blks_read, 0) + coalesce(tidx_blks_hit, 0)), 0)
                FROM pg_statio_user_tables)::text,
               (SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) FROM pg_stat_user_tables)::text,
               (SELECT coalesce(sum(calls), 0) FROM pg_stat_user_functions)::text
        """;

    /// <summary>
    /// The work <paramref name="write"/> did, on a connection kept open for it that counts function calls (a superuser's
    /// setting, as the test server's): that connection's statistics are flushed before and after
    /// (pg_stat_force_next_flush), and read afresh on another. Nobody else works in the database meanwhile: it is vacuumed
    /// and analysed first, so autovacuum has nothing to read, and every other connection to it has ended, each flushing
    /// what it counted as it ends, rather than later, into the write's figures.
    /// </summary>
    public static async Task<WriteWork> OfAsync(ScratchDatabase database, PrisonDb db, Func<Task> write)
    {
        await database.ExecuteAsync("VACUUM ANALYZE");
        NpgsqlConnection.ClearAllPools();
        await Eventually.Async(
            () => database.ScalarAsync<long>("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"),
            others => others == 0,
            "every other connection to the scratch database and every autovacuum worker in it to end");
        await db.Database.OpenConnectionAsync();
        await RunAsync(db, "SET track_functions = 'all'");
        await RunAsync(db, "SELECT pg_stat_force_next_flush()");
        var before = await TotalsAsync(database);
        await write();
        await RunAsync(db, "SELECT pg_stat_force_next_flush()");
        var after = await TotalsAsync(database);
        return new WriteWork(after.Buffers - before.Buffers, after.Rows - before.Rows, after.FunctionCalls - before.FunctionCalls);
    }

    /// <summary>Runs <paramref name="sql"/> on the context's connection, round its interceptors: not part of the write.</summary>
    private static async Task RunAsync(PrisonDb db, string sql)
    {
        await using var command = db.Database.GetDbConnection().CreateCommand();
        command.CommandText = sql;
        await command.ExecuteNonQueryAsync();
    }

    private static async Task<WriteWork> TotalsAsync(ScratchDatabase database)
    {
        var row = (await database.RowsAsync(Totals))[0];
        return new WriteWork(Parse(row[0]), Parse(row[1]), Parse(row[2]));
    }

    private static long Parse(string value) => long.Parse(value, CultureInfo.InvariantCulture);
}
