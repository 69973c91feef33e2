using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using System.Text;
using Prison.Domain.Messages;
using Prison.Domain.Record;
using RabbitMQ.Client;

namespace Prison.Worker.Tests.Messaging;

public class PrisonerChangedConsumerTests
{
    [Fact]
    public async Task A_published_change_is_evaluated_and_its_verdict_stored()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        var prisoner = Records.Harmless("C1", 1, fixture.Today.AddDays(-40));
        prisoner.RecordDisciplinaryNotice(fixture.Today.AddDays(-1), NoticeType.Weapon, "a sharpened spoon");
        var changes = await fixture.SaveAsync(prisoner);

        await fixture.PublishAsync([.. changes]);
        var stored = await fixture.KnownAsync(prisoner.Id);

        Assert.Equal("Dangerous", stored[0]);
        Assert.Equal("DisciplinaryNoticeInLast2Months WeaponFoundInLast12Months", stored[1]);
    }

    [Fact]
    public async Task A_message_for_an_older_version_changes_nothing()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        var prisoner = Records.Harmless("C2", 1, fixture.Today.AddDays(-40));
        var first = (await fixture.SaveAsync(prisoner)).Single();
        await using (var db = fixture.Open())
        {
            var current = (await Prison.Db.Reads.AggregateReads.LoadPrisonerAsync(db, "C2", Prison.Db.Reads.Tracking.Tracked))!;
            current.RecordDisciplinaryNotice(fixture.Today, NoticeType.Threat, "threatened an officer");
            await db.SaveRecordChangesAsync();
        }

        await fixture.PublishAsync(first);
        await fixture.Consumed.Consumed(first);

        var stored = await fixture.StoredAsync(prisoner.Id);
        Assert.Equal("Unknown", stored[0]);
        Assert.Equal("NULL", stored[2]);
    }

    [Fact]
    public async Task A_redelivered_change_changes_nothing()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        var prisoner = Records.Harmless("C3", 1, fixture.Today.AddDays(-40));
        var change = (await fixture.SaveAsync(prisoner)).Single();
        await fixture.PublishAsync(change);
        var first = await fixture.KnownAsync(prisoner.Id);

        fixture.Clock.Advance(TimeSpan.FromMinutes(5));
        await fixture.PublishAsync(change);
        await fixture.Consumed.Consumed(change, times: 2);

        Assert.Equal(first, await fixture.StoredAsync(prisoner.Id));
    }

    [Fact]
    public async Task Changes_published_together_are_all_evaluated_though_they_share_batches()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        var prisoners = Enumerable.Range(1, 250).Select(n => Records.Harmless($"M{n:000}", 1, fixture.Today.AddDays(-40))).ToArray();
        foreach (var prisoner in prisoners.Where((_, i) => i % 2 == 0))
        {
            prisoner.RecordDisciplinaryNotice(fixture.Today.AddDays(-1), NoticeType.Weapon, "a sharpened spoon");
        }

        var changes = await fixture.SaveAsync(prisoners);
        await fixture.Worker.Services.GetRequiredService<IBus>().PublishBatch(changes);

        for (var i = 0; i < prisoners.Length; i++)
        {
            Assert.Equal(i % 2 == 0 ? "Dangerous" : "NotDangerous", (await fixture.KnownAsync(prisoners[i].Id))[0]);
        }
    }

    [Fact]
    public async Task Of_several_changes_of_one_prisoner_in_a_batch_the_newest_version_gets_the_verdict()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        var prisoner = Records.Harmless("M900", 1, fixture.Today.AddDays(-40));
        var first = (await fixture.SaveAsync(prisoner)).Single();
        PrisonerChanged second;
        await using (var db = fixture.Open())
        {
            var current = (await Prison.Db.Reads.AggregateReads.LoadPrisonerAsync(db, "M900", Prison.Db.Reads.Tracking.Tracked))!;
            current.RecordDisciplinaryNotice(fixture.Today, NoticeType.Threat, "threatened an officer");
            second = (await db.SaveRecordChangesAsync()).Single();
        }

        await fixture.Worker.Services.GetRequiredService<IBus>().PublishBatch([second, first]);
        var stored = await fixture.KnownAsync(prisoner.Id);

        Assert.Equal("Dangerous", stored[0]);
        Assert.Equal(second.ChangeVersion.ToString(System.Globalization.CultureInfo.InvariantCulture), stored[3]);
    }

    [Fact]
    public async Task A_poison_message_lands_in_the_error_queue_and_the_next_good_one_is_still_processed()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        var queue = $"{fixture.QueuePrefix}prisoner-changed";
        var factory = new ConnectionFactory { Uri = TestServers.RabbitMq };
        await using var connection = await factory.CreateConnectionAsync();
        await using var channel = await connection.CreateChannelAsync();

        await channel.BasicPublishAsync(string.Empty, queue, mandatory: true, MassTransitJson(), Encoding.UTF8.GetBytes("{ this is not json"));
        await channel.BasicPublishAsync(string.Empty, queue, mandatory: true, MassTransitJson(),
            Encoding.UTF8.GetBytes("""{"messageType":["urn:message:Prison.Domain.Messages:PrisonerChanged"],"message":{"prisonerId":"not a guid","changeVersion":"x"}}"""));
        var prisoner = Records.Harmless("C4", 1, fixture.Today.AddDays(-40));
        prisoner.ChangeLegalStatus(LegalStatus.Remand);
        await fixture.PublishAsync([.. await fixture.SaveAsync(prisoner)]);

        Assert.Equal("Dangerous", (await fixture.KnownAsync(prisoner.Id))[0]);
        var errors = await Eventually.Async(() => MessagesInAsync(connection, $"{queue}_error"), count => count == 2, "both poison messages in the error queue");
        Assert.Equal(2u, errors);
    }

    /// <summary>How many messages wait in a queue; 0 while the queue is not there yet (the first fault creates it).</summary>
    private static async Task<uint> MessagesInAsync(IConnection connection, string queue)
    {
        // A passive declare of a missing queue closes its channel, so each look uses a channel of its own.
        await using var channel = await connection.CreateChannelAsync();
        try
        {
            return (await channel.QueueDeclarePassiveAsync(queue)).MessageCount;
        }
        catch (RabbitMQ.Client.Exceptions.OperationInterruptedException)
        {
            return 0;
        }
    }

    private static BasicProperties MassTransitJson() => new() { ContentType = "application/vnd.masstransit+json", MessageId = Guid.NewGuid().ToString() };
}
