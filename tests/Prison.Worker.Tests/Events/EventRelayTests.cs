using System.Text.Json;
using CloudNative.CloudEvents;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Reads;
using Prison.Domain.Record;
using Prison.Runtime.Events;

namespace Prison.Worker.Tests.Events;

/// <summary>The worker relays the outbox to RabbitMQ's events exchange, where a consumer's own bound queue receives what it bound.</summary>
public class EventRelayTests
{
    [Fact]
    public async Task A_failed_drug_test_turns_the_prisoner_Dangerous_and_the_verdict_changed_event_reaches_a_bound_queue()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        await using var queue = await EventQueue.BindAsync(TestServers.RabbitMq, fixture.QueuePrefix, "verdict.changed.P1");
        var prisoner = Records.Harmless("V100", 1, fixture.Today.AddDays(-40));
        await fixture.PublishAsync([.. await fixture.SaveAsync(prisoner)]);
        await fixture.KnownAsync(prisoner.Id);

        await using (var db = fixture.Open())
        {
            (await db.LoadPrisonerAsync("V100", Tracking.Tracked))!.RecordDrugTest(fixture.Today.AddDays(-1), DrugTestResult.Failed);
            await fixture.PublishAsync([.. await db.SaveRecordChangesAsync()]);
        }

        var received = await EventuallyAsync(queue, r => EventQueue.DataOf(r.Event).GetProperty("status").GetString() == "Dangerous");
        var stored = await fixture.StoredAsync(prisoner.Id);

        Assert.Equal(["verdict.changed.P1", "verdict.changed.P1"], received.Select(r => r.RoutingKey));
        Assert.Equal(["NotDangerous", "Dangerous"], received.Select(r => EventQueue.DataOf(r.Event).GetProperty("status").GetString()));
        var (_, dangerous) = received[1];
        Assert.Equal(("1.0", "prison.verdict.changed", "V100", "urn:prison-dashboard", "application/json"),
            (dangerous.SpecVersion.VersionId, dangerous.Type, dangerous.Subject, dangerous.Source!.ToString(), dangerous.DataContentType));
        Assert.Equal(long.Parse(stored[3], System.Globalization.CultureInfo.InvariantCulture), (int)dangerous[PrisonCloudEvents.RecordVersion]!);
        var data = EventQueue.DataOf(dangerous);
        var reason = Assert.Single(data.GetProperty("reasons").EnumerateArray());
        Assert.Equal("FailedDrugTestInLast3Months", reason.GetProperty("code").GetString());
        Assert.False(string.IsNullOrEmpty(reason.GetProperty("title").GetString()));
        Assert.NotEqual(reason.GetProperty("code").GetString(), reason.GetProperty("title").GetString());
        Assert.Equal(("P1", "Prison 1", "V100"),
            (data.GetProperty("prison").GetProperty("code").GetString(), data.GetProperty("prison").GetProperty("name").GetString(),
             data.GetProperty("prisoner").GetProperty("number").GetString()));
        Assert.NotEqual(received[0].Event.Id, dangerous.Id);
        Assert.True(string.CompareOrdinal((string)received[0].Event[PrisonCloudEvents.Sequence]!, (string)dangerous[PrisonCloudEvents.Sequence]!) < 0);
    }

    [Fact]
    public async Task A_queue_bound_to_one_prison_s_stays_receives_its_arrivals_and_transfers_and_nothing_of_another_prison()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        await using var queue = await EventQueue.BindAsync(TestServers.RabbitMq, fixture.QueuePrefix, "stay.*.P2");
        await using (var db = fixture.Open())
        {
            db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            db.Prisoners.AddRange(Records.Harmless("S1", 1, fixture.Today.AddDays(-10)), Records.Harmless("S2", 2, fixture.Today.AddDays(-10)));
            await db.SaveRecordChangesAsync();
        }

        await using (var db = fixture.Open())
        {
            (await db.LoadPrisonerAsync("S1", Tracking.Tracked))!.Transfer(2, fixture.Today, forDisciplinaryReasons: false);
            await db.SaveRecordChangesAsync();
        }

        var received = await EventuallyAsync(queue, r => r.Event.Subject == "S1");

        Assert.Equal([("stay.arrived.P2", "S2"), ("stay.transferred.P2", "S1")], received.Select(r => (r.RoutingKey, r.Event.Subject!)));
        var transfer = EventQueue.DataOf(received[1].Event);
        Assert.Equal("P1", transfer.GetProperty("fromPrison").GetProperty("code").GetString());
        Assert.Equal(JsonValueKind.String, transfer.GetProperty("day").ValueKind);
    }

    /// <summary>What the queue receives until an event <paramref name="last"/> says is the one awaited.</summary>
    private static async Task<List<(string RoutingKey, CloudEvent Event)>> EventuallyAsync(EventQueue queue, Func<(string RoutingKey, CloudEvent Event), bool> last)
    {
        var taken = new List<(string RoutingKey, CloudEvent Event)>();
        await Eventually.Async(
            async () =>
            {
                taken.AddRange(await queue.TakeAllAsync());
                return taken.Any(last);
            },
            done => done, "the event awaited", TimeSpan.FromSeconds(30));
        return taken;
    }
}
