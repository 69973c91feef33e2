using System.Diagnostics;
using System.Globalization;
using Prison.Benchmarks.Data;
using Prison.Db.Runs;
using Prison.Benchmarks.Reporting;
using Prison.Testing;

namespace Prison.Benchmarks.Writes;

/// <summary>
/// Benchmark 4: a full re-evaluation run of every prisoner, started as an operator does (Prison.Worker reevaluate
/// --all) and carried out by one or more worker processes. Time is the run's own (started_at to finished_at);
/// memory is each worker's peak resident set.
/// </summary>
public static class FullReevaluation
{
    public sealed record Result(int Workers, int Prisoners, double Seconds, double PerSecond, double PeakMemoryMiB, int Failed);

    public static async Task<IReadOnlyList<Result>> RunAsync(int prisoners, int[] workerCounts, string output, string? databaseName, CancellationToken cancellationToken)
    {
        var database = BenchDatabase.For(prisoners, databaseName);
        var prepared = await database.EnsureReadyAsync(cancellationToken, evaluate: false);
        Console.WriteLine(prepared);
        await AbandonOrphanedRunAsync(database, cancellationToken);
        var results = new List<Result>();
        foreach (var count in workerCounts)
        {
            var prefix = ServerArguments.NewQueuePrefix();
            var workers = new List<WorkerProcessUnderTest>();
            try
            {
                for (var i = 0; i < count; i++)
                {
                    workers.Add(await WorkerProcessUnderTest.StartAsync(database, prefix, cancellationToken));
                }

                var (exitCode, printed) = await WorkerVerb.RunAsync(database, prefix, ["reevaluate", "--all"], cancellationToken);
                if (exitCode != 0)
                {
                    throw new InvalidOperationException($"reevaluate --all exited with {exitCode}:\n{printed}");
                }

                var run = await RunAsync(database, cancellationToken);
                var result = new Result(count, run.Total, run.Seconds, run.Total / run.Seconds, workers.Max(w => w.PeakMemoryMiB()), run.Failed);
                results.Add(result);
                Console.WriteLine($"{count} worker(s): {result.Prisoners:N0} prisoners in {result.Seconds:0.0} s, {result.PerSecond:N0} prisoners/s, peak {result.PeakMemoryMiB:N0} MiB per worker, {result.Failed} failed");
            }
            finally
            {
                foreach (var worker in workers)
                {
                    await worker.DisposeAsync();
                }
            }
        }

        var anchorSeconds = await SetBasedEvaluationAnchor.SecondsAsync(database, prisoners, cancellationToken);
        Console.WriteLine($"{SetBasedEvaluationAnchor.Name}: {anchorSeconds:0.0} s");
        var table = BenchmarkReport.Table(
            ["workers", "prisoners", "seconds", "prisoners/s", "peak memory per worker (VmHWM)", "failed"],
            results.Select(r => (IReadOnlyList<string>)
            [
                r.Workers.ToString(CultureInfo.InvariantCulture), r.Prisoners.ToString("N0", CultureInfo.InvariantCulture), $"{r.Seconds:0.0}",
                r.PerSecond.ToString("N0", CultureInfo.InvariantCulture), $"{r.PeakMemoryMiB:N0} MiB", r.Failed.ToString(CultureInfo.InvariantCulture),
            ]));
        var counts = string.Join(" ", workerCounts);
        await BenchmarkReport.WriteSectionAsync(output, $"reevaluate-{prisoners}-{string.Join("-", workerCounts)}", $"4. Full re-evaluation, {prisoners:N0} prisoners, {counts} worker process(es)",
            $"dotnet run -c Release --project tests/Prison.Benchmarks -- reevaluate --prisoners {prisoners} --workers {counts}", await Machine.DescribeAsync(cancellationToken), table,
            "Started with `Prison.Worker reevaluate --all` against worker processes (`Prison.Worker run`, default settings: batches of " +
            "Jobs:BatchSize prisoners, one RabbitMQ message each). Seconds are the run's own, from its row's started_at to finished_at. " +
            "The workers share the machine's cores with PostgreSQL. " +
            $"The anchor, in the same run on the same server: {SetBasedEvaluationAnchor.Name} over the same number of prisoners took {anchorSeconds:0.0} s. " +
            $"Data: {prepared}.");
        await BenchmarkReport.WriteHeadlinesAsync(
            output,
            [.. results.Select(r => new Headline($"full re-evaluation, {prisoners:N0} prisoners, {r.Workers} worker(s)", $"{r.Seconds:0.0} s ({r.PerSecond:N0} prisoners/s)",
                $"{SetBasedEvaluationAnchor.Name}: {anchorSeconds:0.0} s", r.Seconds / anchorSeconds,
                $"dotnet run -c Release --project tests/Prison.Benchmarks -- reevaluate --prisoners {prisoners} --workers {counts}"))],
            await SourceCommit.DescribeAsync(cancellationToken),
            DateTime.UtcNow);
        return results;
    }

    /// <summary>
    /// A run still current in a benchmark database belongs to workers of an earlier benchmark (the nightly job fires
    /// in them too), which are gone with their queues: `reevaluate --all` would join it and wait for ever.
    /// </summary>
    private static async Task AbandonOrphanedRunAsync(BenchDatabase database, CancellationToken cancellationToken)
    {
        await using var db = database.Open();
        if (await db.CurrentRunAsync(cancellationToken) is { } orphan)
        {
            await db.AbandonRunAsync(orphan.Id, DateTime.UtcNow, cancellationToken);
            Console.WriteLine($"Ended run {orphan.Id}, left current by workers of an earlier benchmark.");
        }
    }

    private static async Task<(int Total, double Seconds, int Failed)> RunAsync(BenchDatabase database, CancellationToken cancellationToken)
    {
        await using var connection = database.Connect();
        await connection.OpenAsync(cancellationToken);
        await using var command = new Npgsql.NpgsqlCommand(
            "SELECT total, EXTRACT(EPOCH FROM finished_at - started_at)::float8, failed FROM reevaluation_run ORDER BY started_at DESC LIMIT 1", connection);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken);
        await reader.ReadAsync(cancellationToken);
        return (reader.GetInt32(0), reader.GetDouble(1), reader.GetInt32(2));
    }
}
