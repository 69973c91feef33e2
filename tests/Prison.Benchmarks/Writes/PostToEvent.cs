using System.Collections.Concurrent;
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
    private const int WarmUpChanges = 2_000;

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
        var receivedAt = new ConcurrentDictionary<Guid, ConcurrentQueue<DateTime>>();
        await queue.ConsumeAsync((_, cloudEvent) =>
            receivedAt.GetOrAdd(EventQueue.DataOf(cloudEvent).GetProperty("prisoner").GetProperty("id").GetGuid(), _ => new()).Enqueue(DateTime.UtcNow));

        var total = rate * seconds;
        var numbers = await CommitToVerdict.NumbersAsync(database, total + WarmUpChanges, cancellationToken);
        var today = BenchmarkRules.Today();
        var warmedUp = new ConcurrentDictionary<Guid, DateTime>();
        await CommitToVerdict.MakeChangesAsync(web.Services, [.. numbers.Skip(total)], rate, TimeSpan.MaxValue, today, warmedUp, cancellationToken);
        await ReceivedAsync(receivedAt, warmedUp);
        Console.WriteLine($"warmed up with {warmedUp.Count:N0} changes; now {rate} changes/s for {seconds} s");

        var committedAt = new ConcurrentDictionary<Guid, DateTime>();
        var achieved = await CommitToVerdict.MakeChangesAsync(web.Services, [.. numbers.Take(total)], rate, TimeSpan.FromSeconds(seconds), today, committedAt, cancellationToken);
        await ReceivedAsync(receivedAt, committedAt);
        var latencies = committedAt.Select(c => (FirstAfter(receivedAt, c.Key, c.Value)!.Value - c.Value).TotalMilliseconds).ToList();
        Console.WriteLine($"commit to event at {achieved:0} changes/s for {seconds} s: {Percentiles.Describe(latencies)}");
        await web.StopAsync(cancellationToken);

        var body = BenchmarkReport.Table(["measure", "figure"],
        [
            ["changes made", $"{latencies.Count:N0} in {seconds} s: {achieved:0} per second (asked for {rate}/s)"],
            ["commit to event p50", $"{Percentiles.At(latencies, 0.5):0.0} ms"],
            ["commit to event p99", $"{Percentiles.At(latencies, 0.99):0.0} ms"],
            ["commit to event max", $"{latencies.Max():0.0} ms"],
        ]);
        await BenchmarkReport.WriteSectionAsync(
            output,
            $"post-to-event-{prisoners}-{rate}",
            $"9. Commit to event, {prisoners:N0} prisoners, {rate} changes/s asked for",
            $"dotnet run -c Release --project tests/Prison.Benchmarks -- post-to-event --prisoners {prisoners} --rate {rate} --seconds {seconds}{(databaseName is null ? "" : $" --database {databaseName}")}",
            await Machine.DescribeAsync(cancellationToken), body,
            $"On {databaseName ?? $"prison_bench_{prisoners}"}. Each change records a negative drug test on a different prisoner through the aggregate in web's services " +
            "(load, change, commit, publish), as benchmark 3 makes them, after an untimed warm-up of " + $"{WarmUpChanges:N0} changes on other prisoners. One worker process " +
            "(`Prison.Worker run`) evaluates them and relays the outbox; a consumer's queue on the shared RabbitMQ, bound to `verdict.changed.*`, receives the event " +
            "of each new verdict (a record change clears the verdict, so each change ends in a verdict.changed). Commit to event runs from the moment the change's " +
            "commit returned to the moment the consumer received the event, both read from this machine's clock. The API's post adds its own request " +
            $"before the commit. Data: {prepared}.");
    }

    private static Task ReceivedAsync(ConcurrentDictionary<Guid, ConcurrentQueue<DateTime>> receivedAt, ConcurrentDictionary<Guid, DateTime> committedAt) =>
        Eventually.Async(
            () => Task.FromResult(committedAt.Count(c => FirstAfter(receivedAt, c.Key, c.Value) is null)),
            missing => missing == 0, "every verdict's event received", TimeSpan.FromMinutes(2));

    private static DateTime? FirstAfter(ConcurrentDictionary<Guid, ConcurrentQueue<DateTime>> receivedAt, Guid id, DateTime committed) =>
        receivedAt.TryGetValue(id, out var times) && times.Where(t => t >= committed).ToList() is { Count: > 0 } after ? after.Min() : null;
}
