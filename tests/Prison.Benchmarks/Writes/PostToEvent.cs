using System.Collections.Concurrent;
using Npgsql;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Reporting;
using Prison.Testing;
using Prison.Web.App;
using Prison.Web.Demo;
using Prison.Web.Network;

namespace Prison.Benchmarks.Writes;

/// <summary>
/// Benchmark 9: changes made the way the prisoner page makes them, at a steady rate, each timed from its commit to the
/// moment a consumer's queue bound to <c>verdict.changed.*</c> receives the event of its new verdict: evaluation by a
/// worker process, the outbox, that worker's relay and RabbitMQ.
/// </summary>
public static class PostToEvent
{
    public static async Task RunAsync(int prisoners, int rate, int seconds, string output, string? databaseName, CancellationToken cancellationToken)
    {
        var database = BenchDatabase.For(prisoners, databaseName);
        var prepared = await database.EnsureReadyAsync(cancellationToken);
        Console.WriteLine(prepared);
        var prefix = ServerArguments.NewQueuePrefix();
        await using var web = await WebApp.BuildAsync(BenchServerArguments.For(database, prefix), cancellationToken: cancellationToken);
        await web.StartAsync(cancellationToken);
        await using var worker = await WorkerProcessUnderTest.StartAsync(database, prefix, cancellationToken);
        await using var queue = await EventQueue.BindAsync(TestServers.RabbitMq, prefix, "verdict.changed.*");
        // Every receipt of each prisoner's event: the data set's own events may still be on their way when the changes begin.
        var receivedAt = new ConcurrentDictionary<Guid, ConcurrentQueue<Receipt>>();
        await using var consumer = await EventConsumerProcess.StartAsync(
            queue.Name, (eventId, prisonerId, at) => receivedAt.GetOrAdd(prisonerId, _ => new()).Enqueue(new Receipt(at, eventId)), cancellationToken);

        var total = rate * seconds;
        var numbers = await CommitToVerdict.NumbersAsync(database, total + CommitToVerdict.WarmUpChanges, cancellationToken);
        var today = BenchmarkRules.Today();
        var warmedUp = new ConcurrentDictionary<Guid, DateTime>();
        await CommitToVerdict.MakeChangesAsync(web.Services, [.. numbers.Skip(total)], rate, TimeSpan.MaxValue, today, warmedUp, cancellationToken);
        await ReceivedAsync(receivedAt, warmedUp);
        Console.WriteLine($"warmed up with {warmedUp.Count:N0} changes; now {rate} changes/s for {seconds} s");

        var committedAt = new ConcurrentDictionary<Guid, DateTime>();
        var achieved = await CommitToVerdict.MakeChangesAsync(web.Services, [.. numbers.Take(total)], rate, TimeSpan.FromSeconds(seconds), today, committedAt, cancellationToken);
        await ReceivedAsync(receivedAt, committedAt);
        var received = committedAt.ToDictionary(c => c.Key, c => FirstAfter(receivedAt, c.Key, c.Value)!);
        var latencies = committedAt.Select(c => (received[c.Key].At - c.Value).TotalMilliseconds).ToList();
        Console.WriteLine($"commit to event at {achieved:0} changes/s for {seconds} s: {Percentiles.Describe(latencies)}");
        await web.StopAsync(cancellationToken);
        var stages = await StagesAsync(database, committedAt, received, cancellationToken);
        foreach (var (stage, milliseconds) in stages)
        {
            Console.WriteLine($"  {stage}: {Percentiles.Describe(milliseconds)}");
        }

        var body = BenchmarkReport.Table(["measure", "figure"],
        [
            ["changes made", $"{latencies.Count:N0} in {seconds} s: {achieved:0} per second (asked for {rate}/s)"],
            ["commit to event p50", $"{Percentiles.At(latencies, 0.5):0.0} ms"],
            ["commit to event p99", $"{Percentiles.At(latencies, 0.99):0.0} ms"],
            ["commit to event max", $"{latencies.Max():0.0} ms"],
            .. stages.Select(s => (IReadOnlyList<string>)[s.Stage, $"p50 {Percentiles.At(s.Milliseconds, 0.5):0.0} ms, p99 {Percentiles.At(s.Milliseconds, 0.99):0.0} ms"]),
        ]);
        await BenchmarkReport.WriteSectionAsync(
            output,
            $"post-to-event-{prisoners}-{rate}",
            $"9. Commit to event, {prisoners:N0} prisoners, {rate} changes/s asked for",
            $"dotnet run -c Release --project tests/Prison.Benchmarks -- post-to-event --prisoners {prisoners} --rate {rate} --seconds {seconds}{(databaseName is null ? "" : $" --database {databaseName}")}",
            await Machine.DescribeAsync(cancellationToken), body,
            $"On {databaseName ?? $"prison_bench_{prisoners}"}. Each change records a negative drug test on a different prisoner through the aggregate in web's services " +
            "(load, change, commit, publish), as benchmark 3 makes them, after benchmark 3's untimed warm-up of " + $"{CommitToVerdict.WarmUpChanges:N0} changes on other prisoners. One worker process " +
            "(`Prison.Worker run`) evaluates them and relays the outbox; a consumer's queue on the shared RabbitMQ, bound to `verdict.changed.*`, receives the event " +
            "of each new verdict, read by a consumer process of its own (as an integrator's is) (a record change clears the verdict, so each change ends in a verdict.changed). Commit to event runs from the moment the change's " +
            "commit returned to the moment the consumer received the event, both read from this machine's clock. The API's post adds its own request " +
            "before the commit. Its stages, per event: the verdict stored (the commit time PostgreSQL kept for the prisoner's row, track_commit_timestamp), " +
            "the broker's confirm (the outbox row's relayed_at, which the relay writes once the broker confirmed its batch), the relay's commit (the commit time " +
            "of the row marked relayed), and the receipt; a receipt before the confirm shows as a negative \"confirm to receipt\". " +
            $"Data: {prepared}.");
    }

    /// <summary>
    /// Where each event's time went, from what the product keeps: the verdict's commit time (the prisoner's row, written
    /// by nothing else meanwhile), the relayed_at the relay writes once the broker confirmed, and the commit time of the
    /// row marked relayed (the relay's transaction).
    /// </summary>
    private static async Task<IReadOnlyList<(string Stage, List<double> Milliseconds)>> StagesAsync(
        BenchDatabase database, ConcurrentDictionary<Guid, DateTime> committedAt, Dictionary<Guid, Receipt> received, CancellationToken cancellationToken)
    {
        // A receipt may come before the relay's commit marked its event relayed.
        var ids = received.Values.Select(r => r.EventId).ToArray();
        await Eventually.Async(
            () => database.ScalarAsync<long>($"SELECT count(*) FROM prison_event WHERE relayed_at IS NULL AND event_id = ANY('{{{string.Join(",", ids)}}}'::uuid[])", cancellationToken),
            waiting => waiting == 0, "every received event marked relayed", TimeSpan.FromMinutes(1));
        await using var connection = database.Connect();
        await connection.OpenAsync(cancellationToken);
        await using var command = new NpgsqlCommand(
            """
            SELECT e.event_id, pg_xact_commit_timestamp(p.xmin), e.relayed_at, pg_xact_commit_timestamp(e.xmin)
            FROM prison_event e JOIN prisoner p ON p.id = e.prisoner_id
            WHERE e.event_id = ANY(@ids)
            """, connection);
        command.Parameters.AddWithValue("ids", ids);
        var kept = new Dictionary<Guid, (DateTime Stored, DateTime Confirmed, DateTime RelayCommitted)>();
        await using (var reader = await command.ExecuteReaderAsync(cancellationToken))
        {
            while (await reader.ReadAsync(cancellationToken))
            {
                kept[reader.GetGuid(0)] = (reader.GetFieldValue<DateTime>(1), reader.GetFieldValue<DateTime>(2), reader.GetFieldValue<DateTime>(3));
            }
        }

        var events = committedAt.Select(c => (Committed: c.Value, Received: received[c.Key].At, Kept: kept[received[c.Key].EventId])).ToList();
        return
        [
            ("commit to verdict stored", [.. events.Select(e => (e.Kept.Stored - e.Committed).TotalMilliseconds)]),
            ("verdict stored to the broker's confirm", [.. events.Select(e => (e.Kept.Confirmed - e.Kept.Stored).TotalMilliseconds)]),
            ("verdict stored to receipt", [.. events.Select(e => (e.Received - e.Kept.Stored).TotalMilliseconds)]),
            ("confirm to receipt", [.. events.Select(e => (e.Received - e.Kept.Confirmed).TotalMilliseconds)]),
            ("confirm to the relay's commit", [.. events.Select(e => (e.Kept.RelayCommitted - e.Kept.Confirmed).TotalMilliseconds)]),
        ];
    }

    private sealed record Receipt(DateTime At, Guid EventId);

    private static Task ReceivedAsync(ConcurrentDictionary<Guid, ConcurrentQueue<Receipt>> receivedAt, ConcurrentDictionary<Guid, DateTime> committedAt) =>
        Eventually.Async(
            () => Task.FromResult(committedAt.Count(c => FirstAfter(receivedAt, c.Key, c.Value) is null)),
            missing => missing == 0, "every verdict's event received", TimeSpan.FromMinutes(2));

    private static Receipt? FirstAfter(ConcurrentDictionary<Guid, ConcurrentQueue<Receipt>> receivedAt, Guid id, DateTime committed) =>
        receivedAt.TryGetValue(id, out var receipts) ? receipts.Where(r => r.At >= committed).MinBy(r => r.At) : null;
}
