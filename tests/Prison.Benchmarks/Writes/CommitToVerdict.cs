using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Npgsql;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Reporting;
using Prison.Benchmarks.Telemetry;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain.Messages;
using Prison.Domain.Record;
using Prison.Testing;
using Prison.Web.App;
using Prison.Runtime.Messaging;

namespace Prison.Benchmarks.Writes;

/// <summary>
/// Benchmark 3: changes made the way the prisoner page makes them (load the aggregate, change it, commit, publish) at
/// a steady rate, each timed from its commit to the moment the worker has stored its verdict; then the rate one and
/// two worker processes sustain, from a backlog of changed prisoners to none left Unknown.
/// </summary>
public static class CommitToVerdict
{
    private const int MaxChangesInFlight = 32;

    /// <summary>Changes made untimed before the timed ones, here and in benchmark 9: tiered compilation settles after about as many.</summary>
    public const int WarmUpChanges = 10_000;

    public sealed record Result(double AchievedRate, IReadOnlyCollection<double> Latencies, IReadOnlyList<(int Workers, int Changes, double PerSecond)> Sustained);

    /// <param name="withTelemetry">Traces and metrics on (<see cref="TelemetryUnderTest"/>), in a section of its own.</param>
    public static async Task<Result> RunAsync(
        int prisoners, int rate, int seconds, string output, string? databaseName, CancellationToken cancellationToken, int[]? workerCounts = null, bool withTelemetry = false)
    {
        var database = BenchDatabase.For(prisoners, databaseName);
        var prepared = await database.EnsureReadyAsync(cancellationToken);
        Console.WriteLine(prepared);
        var prefix = ServerArguments.NewQueuePrefix();
        await using var telemetry = withTelemetry ? await TelemetryUnderTest.StartAsync() : null;
        await using var web = await WebApp.BuildAsync(BenchServerArguments.For(database, prefix, telemetry?.Arguments() ?? []), cancellationToken: cancellationToken);
        await web.StartAsync(cancellationToken);

        var (achieved, latencies) = await SteadyRateAsync(web.Services, database, prefix, telemetry, rate, seconds, cancellationToken);
        Console.WriteLine($"commit to verdict at {achieved:0} changes/s for {seconds} s: {Percentiles.Describe(latencies)}");

        var backlog = Math.Min(prisoners, 10_000);
        var sustained = new List<(int, int, double)>();
        foreach (var workers in workerCounts ?? [1, 2])
        {
            var perSecond = await SustainedRateAsync(web.Services, database, prefix, telemetry, workers, backlog, cancellationToken);
            sustained.Add((workers, backlog, perSecond));
            Console.WriteLine($"{workers} worker process(es): {perSecond:N0} changes/s sustained over a backlog of {backlog:N0}");
        }

        await web.StopAsync(cancellationToken);
        var body = BenchmarkReport.Table(["measure", "figure"],
        [
            ["changes made", $"{latencies.Count:N0} in {seconds} s: {achieved:0} per second (asked for {rate}/s, at most {MaxChangesInFlight} in flight)"],
            ["commit to verdict p50", $"{Percentiles.At(latencies, 0.5):0.0} ms"],
            ["commit to verdict p99", $"{Percentiles.At(latencies, 0.99):0.0} ms"],
            ["commit to verdict max", $"{latencies.Max():0.0} ms"],
            .. sustained.Select(s => (IReadOnlyList<string>)[$"sustained rate, {s.Item1} worker process{(s.Item1 == 1 ? "" : "es")}", $"{s.Item3.ToString("N0", CultureInfo.InvariantCulture)} changes/s (backlog of {s.Item2:N0})"]),
        ]);
        await BenchmarkReport.WriteSectionAsync(
            output,
            $"commit-to-verdict-{prisoners}-{rate}{(withTelemetry ? "-telemetry" : "")}",
            $"3. Commit to verdict, {prisoners:N0} prisoners, {rate} changes/s asked for{(withTelemetry ? ", traces and metrics on" : "")}",
            $"dotnet run -c Release --project tests/Prison.Benchmarks -- commit-to-verdict --prisoners {prisoners} --rate {rate} --seconds {seconds}{(withTelemetry ? " --telemetry" : "")}",
            await Machine.DescribeAsync(cancellationToken), body,
            $"On prison_bench_{prisoners}. Each change records a negative drug test on a different prisoner through the aggregate (as the prisoner page does: " +
            "load, change, commit, publish) in web's services, on its own schedule slot so that a slow change does not slow the rate, after an untimed " +
            $"warm-up of {WarmUpChanges:N0} changes on other prisoners (tiered compilation settles after about as many; a serving web process runs optimised code); one worker process " +
            "(`Prison.Worker run`) evaluates them. Commit to verdict runs from the moment the change's commit returned to the commit time PostgreSQL " +
            "kept for the verdict (track_commit_timestamp), both read from this machine's clock. The sustained rate marks a backlog of " +
            "prisoners changed (new version, Unknown) in one statement, publishes one PrisonerChanged each, and times worker processes (`Prison.Worker run`) " +
            "until none is left Unknown, after an untimed warm-up of a tenth of the backlog. " + $"Data: {prepared}." + TelemetryUnderTest.Note(telemetry));
        if (!withTelemetry)
        {
            await BenchmarkReport.WriteHeadlinesAsync(
                output,
                [new Headline($"commit to verdict, {prisoners:N0} prisoners, {rate} changes/s", $"p50 {Percentiles.At(latencies, 0.5):0.0} ms, p99 {Percentiles.At(latencies, 0.99):0.0} ms", null, null,
                    $"dotnet run -c Release --project tests/Prison.Benchmarks -- commit-to-verdict --prisoners {prisoners} --rate {rate} --seconds {seconds}")],
                await SourceCommit.DescribeAsync(cancellationToken),
                DateTime.UtcNow);
        }

        return new Result(achieved, latencies, sustained);
    }

    private static async Task<(double Achieved, List<double> Latencies)> SteadyRateAsync(
        IServiceProvider webServices, BenchDatabase database, string prefix, TelemetryUnderTest? telemetry, int rate, int seconds, CancellationToken cancellationToken)
    {
        if (await database.ScalarAsync<string>("SHOW track_commit_timestamp", cancellationToken) != "on")
        {
            throw new BenchmarkSetupException(
                "The test PostgreSQL does not keep commit times (track_commit_timestamp): restart it with scripts/test-servers.sh stop, then start.");
        }

        // The worker runs as in production, a process of its own, so that making changes and evaluating them do not
        // share one process's thread pool; the moment a verdict is stored is its commit time, which PostgreSQL keeps.
        await using var worker = await WorkerProcessUnderTest.StartAsync(database, prefix, cancellationToken, telemetry?.Arguments() ?? []);

        // A web server that has served for a while runs optimised code: tiered compilation here settles after about
        // ten thousand changes, and until then a change costs three times the CPU. So that many changes come first,
        // untimed, on other prisoners, as fast as the in-flight limit lets them.
        var total = rate * seconds;
        var numbers = await NumbersAsync(database, total + WarmUpChanges, cancellationToken);
        var today = BenchmarkRules.Today();
        var warmedUp = new ConcurrentDictionary<Guid, DateTime>();
        await MakeChangesAsync(webServices, numbers.Skip(total).ToList(), double.PositiveInfinity, TimeSpan.MaxValue, today, warmedUp, cancellationToken);
        await NoneUnknownAsync(database, warmedUp.Keys, cancellationToken);
        Console.WriteLine($"warmed up with {warmedUp.Count:N0} changes; now {rate} changes/s for {seconds} s");

        var committedAt = new ConcurrentDictionary<Guid, DateTime>();
        var achieved = await MakeChangesAsync(webServices, numbers.Take(total).ToList(), rate, TimeSpan.FromSeconds(seconds), today, committedAt, cancellationToken);
        var ids = committedAt.Keys.ToArray();
        await NoneUnknownAsync(database, ids, cancellationToken);
        var storedAt = await VerdictCommitTimesAsync(database, ids, cancellationToken);
        return (achieved, ids.Select(id => (storedAt[id] - committedAt[id]).TotalMilliseconds).ToList());
    }

    /// <summary>One change on each prisoner numbered, at <paramref name="rate"/> per second for <paramref name="duration"/> at most; returns the rate achieved.</summary>
    internal static async Task<double> MakeChangesAsync(
        IServiceProvider webServices, IReadOnlyList<string> numbers, double rate, TimeSpan duration, DateOnly today, ConcurrentDictionary<Guid, DateTime> committedAt, CancellationToken cancellationToken)
    {
        // As many changes in flight as web's connection pool can serve: a machine that cannot keep the rate makes
        // fewer changes per second (reported), rather than queueing without bound and timing out.
        using var inFlight = new SemaphoreSlim(MaxChangesInFlight);
        var start = Stopwatch.GetTimestamp();
        var changes = new List<Task>();
        for (var i = 0; i < numbers.Count && Stopwatch.GetElapsedTime(start) < duration; i++)
        {
            var due = TimeSpan.FromSeconds(i / rate) - Stopwatch.GetElapsedTime(start);
            if (due > TimeSpan.Zero)
            {
                await Task.Delay(due, cancellationToken);
            }

            await inFlight.WaitAsync(cancellationToken);
            var number = numbers[i];
            changes.Add(Task.Run(
                async () =>
                {
                    try
                    {
                        await ChangeAsync(webServices, number, today, committedAt, cancellationToken);
                    }
                    finally
                    {
                        inFlight.Release();
                    }
                },
                cancellationToken));
        }

        await Task.WhenAll(changes);
        return changes.Count / Stopwatch.GetElapsedTime(start).TotalSeconds;
    }

    private static Task NoneUnknownAsync(BenchDatabase database, ICollection<Guid> ids, CancellationToken cancellationToken) =>
        Eventually.Async(
            () => database.ScalarAsync<long>($"SELECT COUNT(*) FROM prisoner WHERE danger_status = 'Unknown' AND id = ANY('{{{string.Join(",", ids)}}}'::uuid[])", cancellationToken),
            unknown => unknown == 0, "every verdict to be stored", TimeSpan.FromMinutes(2));

    /// <summary>When each prisoner's row was last committed: its verdict, since nothing else writes these prisoners meanwhile.</summary>
    private static async Task<Dictionary<Guid, DateTime>> VerdictCommitTimesAsync(BenchDatabase database, Guid[] ids, CancellationToken cancellationToken)
    {
        await using var connection = database.Connect();
        await connection.OpenAsync(cancellationToken);
        await using var command = new NpgsqlCommand("SELECT id, pg_xact_commit_timestamp(xmin) FROM prisoner WHERE id = ANY(@ids)", connection);
        command.Parameters.AddWithValue("ids", ids);
        var times = new Dictionary<Guid, DateTime>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken);
        while (await reader.ReadAsync(cancellationToken))
        {
            times[reader.GetGuid(0)] = reader.GetFieldValue<DateTime>(1);
        }

        return times;
    }

    private static async Task ChangeAsync(IServiceProvider services, string number, DateOnly today, ConcurrentDictionary<Guid, DateTime> committedAt, CancellationToken cancellationToken)
    {
        await using var scope = services.CreateAsyncScope();
        var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
        var prisoner = (await db.LoadPrisonerAsync(number, Tracking.Tracked, cancellationToken))!;
        prisoner.RecordDrugTest(today, DrugTestResult.Negative);
        var committed = await db.SaveRecordChangesAsync(cancellationToken);
        var at = DateTime.UtcNow;
        foreach (var change in committed)
        {
            committedAt[change.PrisonerId] = at;
        }

        await scope.ServiceProvider.GetRequiredService<ChangePublisher>().PublishAsync(committed, cancellationToken);
    }

    private static async Task<double> SustainedRateAsync(
        IServiceProvider webServices, BenchDatabase database, string prefix, TelemetryUnderTest? telemetry, int workerCount, int backlog, CancellationToken cancellationToken)
    {
        var workers = new List<WorkerProcessUnderTest>();
        try
        {
            for (var i = 0; i < workerCount; i++)
            {
                workers.Add(await WorkerProcessUnderTest.StartAsync(database, prefix, cancellationToken, telemetry?.Arguments() ?? []));
            }

            // A warm-up of a tenth of the backlog, untimed: new worker processes start on unoptimised code and empty
            // connection pools, which is not the rate they sustain.
            await DrainAsync(webServices, database, Math.Max(1, backlog / 10), cancellationToken);
            var start = Stopwatch.GetTimestamp();
            var changes = await DrainAsync(webServices, database, backlog, cancellationToken);
            return changes / Stopwatch.GetElapsedTime(start).TotalSeconds;
        }
        finally
        {
            foreach (var worker in workers)
            {
                await worker.DisposeAsync();
            }
        }
    }

    /// <summary>Marks <paramref name="count"/> prisoners changed in one statement, publishes a PrisonerChanged each and waits until no prisoner is Unknown.</summary>
    private static async Task<int> DrainAsync(IServiceProvider webServices, BenchDatabase database, int count, CancellationToken cancellationToken)
    {
        var changes = new List<PrisonerChanged>();
        await using (var connection = database.Connect())
        {
            await connection.OpenAsync(cancellationToken);
            await using var command = new NpgsqlCommand(
                """
                UPDATE prisoner SET change_version = change_version + 1, danger_status = 'Unknown', changed_at = now()
                WHERE id IN (SELECT id FROM prisoner ORDER BY hashtext(number) LIMIT @backlog)
                RETURNING id, change_version
                """, connection);
            command.Parameters.AddWithValue("backlog", count);
            await using var reader = await command.ExecuteReaderAsync(cancellationToken);
            while (await reader.ReadAsync(cancellationToken))
            {
                changes.Add(new PrisonerChanged(reader.GetGuid(0), reader.GetInt64(1)));
            }
        }

        await webServices.GetRequiredService<IBus>().PublishBatch(changes, cancellationToken);
        while (await database.ScalarAsync<long>("SELECT COUNT(*) FROM prisoner WHERE danger_status = 'Unknown'", cancellationToken) > 0)
        {
            await Task.Delay(50, cancellationToken);
        }

        return changes.Count;
    }

    /// <summary>Different prisoners in custody, spread over the data set, so no two changes wait for each other.</summary>
    internal static async Task<List<string>> NumbersAsync(BenchDatabase database, int count, CancellationToken cancellationToken)
    {
        await using var connection = database.Connect();
        await connection.OpenAsync(cancellationToken);
        await using var command = new NpgsqlCommand(
            "SELECT p.number FROM prisoner p JOIN imprisonment s ON s.prisoner_id = p.id AND s.left_on IS NULL ORDER BY hashtext(p.number || 'commit') LIMIT @count", connection);
        command.Parameters.AddWithValue("count", count);
        var numbers = new List<string>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken);
        while (await reader.ReadAsync(cancellationToken))
        {
            numbers.Add(reader.GetString(0));
        }

        return numbers;
    }
}
