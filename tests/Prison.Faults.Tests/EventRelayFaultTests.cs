using System.Text.Json;
using Prison.Db.Reads;
using Xunit.Abstractions;

namespace Prison.Faults.Tests;

/// <summary>
/// Two worker processes relay the outbox side by side: each event reaches a bound queue once while all is well, and
/// every one of them reaches it when the broker is stopped mid-relay and started again (at least once).
/// </summary>
[Collection(nameof(BrokerOutages))]
public sealed class EventRelayFaultTests(ITestOutputHelper output, OutageBroker node)
{
    private const int PrisonerCount = 12;

    [Fact]
    public async Task Two_workers_relay_each_event_once_and_a_broker_stopped_mid_relay_loses_none()
    {
        var broker = await node.StartedAsync();
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var prefix = ServerArguments.NewQueuePrefix();
        // The sweeper kept away: the events are the transfers' alone, known in advance.
        var configuration = ServerArguments.For(database, broker.Address, prefix, "--Jobs:UnknownThreshold=01:00:00");
        await using var queue = await EventQueue.BindAsync(broker.Address, prefix, "#");
        await using var workers = await WorkerServices.StartAsync(2, configuration);
        var today = DateOnly.FromDateTime(DateTime.UtcNow);
        await using (var db = database.Open())
        {
            db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            db.Prisoners.AddRange(Enumerable.Range(1, PrisonerCount).Select(n => Records.Harmless($"R{n:00}", 1 + (n % 2), today.AddDays(-n))));
            await db.SaveRecordChangesAsync();
        }

        await MoveAsync(database, rounds: 3, today);
        await AllRelayedAsync(database);
        var calm = await queue.TakeAllAsync();
        var calmIds = await EventIdsAsync(database);

        // Transfers keep coming while the broker stops, mid-relay, and starts again, and for a while after.
        using var keepMoving = new CancellationTokenSource();
        var moving = MoveAsync(database, rounds: int.MaxValue, today, keepMoving.Token);
        await Eventually.Async(() => RelayedAsync(database), relayed => relayed > calmIds.Count + 50, "the relay under way", TimeSpan.FromSeconds(30));
        var relayedBeforeStop = await RelayedAsync(database);
        await broker.StopAsync();
        await Task.Delay(TimeSpan.FromSeconds(3));
        var waitingDuringOutage = await WaitingAsync(database);
        using var health = new HttpClient();
        await Eventually.Async(
            () => RelayStatusesAsync(health, workers), statuses => statuses.All(s => s == "Degraded"), "every worker's relay Degraded while the broker is down", TimeSpan.FromSeconds(45));
        await broker.StartAgainAsync();
        var relayedAfterStart = await RelayedAsync(database);
        await Eventually.Async(() => RelayedAsync(database), relayed => relayed > relayedAfterStart + 50, "the relay going again", TimeSpan.FromMinutes(1));
        await keepMoving.CancelAsync();
        await moving;
        await AllRelayedAsync(database);
        var statusesAfter = await Eventually.Async(
            () => RelayStatusesAsync(health, workers), statuses => statuses.All(s => s == "Healthy"), "every worker's relay Healthy again", TimeSpan.FromSeconds(30));
        await queue.ReconnectAsync();
        var afterOutage = await queue.TakeAllAsync();
        var allIds = await EventIdsAsync(database);
        var received = calm.Concat(afterOutage).Select(e => e.Event.Id!).ToList();
        output.WriteLine($"{calmIds.Count} events relayed while calm; {allIds.Count - calmIds.Count} more, {relayedBeforeStop - calmIds.Count} of them relayed when the broker stopped " +
            $"and {waitingDuringOutage} waiting 3 s later; {received.Count - received.Distinct().Count()} delivered twice.");

        Assert.Equal(calmIds.Order(), calm.Select(e => e.Event.Id!).Order());
        Assert.True(waitingDuringOutage > 0, "events written while the broker was down wait for it");
        Assert.All(statusesAfter, status => Assert.Equal("Healthy", status));
        Assert.Equal(allIds.Order(), received.Distinct().Order());
    }

    /// <summary>Each prisoner transferred to the other prison <paramref name="rounds"/> times or until <paramref name="stop"/>, prisoners side by side.</summary>
    private static Task MoveAsync(ScratchDatabase database, int rounds, DateOnly today, CancellationToken stop = default) =>
        Task.WhenAll(Enumerable.Range(1, PrisonerCount).Select(async n =>
        {
            for (var round = 0; round < rounds && !stop.IsCancellationRequested; round++)
            {
                await using var db = database.Open();
                var prisoner = (await db.LoadPrisonerAsync($"R{n:00}", Tracking.Tracked))!;
                prisoner.Transfer(3 - prisoner.CurrentStay!.PrisonId, today, forDisciplinaryReasons: false);
                await db.SaveRecordChangesAsync();
                // A steady flow rather than a flood: the broker's node must start again on this machine meanwhile.
                await Task.Delay(TimeSpan.FromMilliseconds(20), CancellationToken.None);
            }
        }));

    /// <summary>What each worker's /health/ready says of its relay.</summary>
    private static async Task<IReadOnlyList<string>> RelayStatusesAsync(HttpClient client, WorkerServices workers) =>
        await Task.WhenAll(workers.Started.Select(async worker =>
        {
            using var response = await client.GetAsync(new Uri(worker.Address, "/health/ready"));
            using var report = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
            return report.RootElement.GetProperty("checks").GetProperty("event-relay").GetProperty("status").GetString()!;
        }));

    private static Task AllRelayedAsync(ScratchDatabase database) =>
        Eventually.Async(() => WaitingAsync(database), waiting => waiting == 0, "every event relayed", TimeSpan.FromMinutes(2));

    private static Task<long> WaitingAsync(ScratchDatabase database) =>
        database.ScalarAsync<long>("SELECT count(*) FROM prison_event WHERE relayed_at IS NULL");

    private static Task<long> RelayedAsync(ScratchDatabase database) =>
        database.ScalarAsync<long>("SELECT count(*) FROM prison_event WHERE relayed_at IS NOT NULL");

    private static async Task<IReadOnlyList<string>> EventIdsAsync(ScratchDatabase database) =>
        [.. (await database.RowsAsync("SELECT event_id FROM prison_event")).Select(r => r[0])];
}
