using System.Text;
using Prison.Domain.Messages;
using Prison.Domain.Record;
using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;

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
            var current = (await Prison.Db.Reads.AggregateReads.LoadForChangeAsync(db, "C2"))!;
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
        var errors = await Eventually.Async(
            () => MessageCountAsync(connection, $"{queue}_error"),
            count => count == 2,
            "both poison messages in the error queue");
        Assert.Equal(2u, errors);
    }

    /// <summary>
    /// MassTransit creates the error queue with the first fault it moves, which may come after the good message is
    /// evaluated. Asking about a queue that does not exist yet closes the channel, so each look has a channel of its own.
    /// </summary>
    private static async Task<uint> MessageCountAsync(IConnection connection, string queue)
    {
        await using var channel = await connection.CreateChannelAsync();
        try
        {
            return (await channel.QueueDeclarePassiveAsync(queue)).MessageCount;
        }
        catch (OperationInterruptedException)
        {
            return 0;
        }
    }

    private static BasicProperties MassTransitJson() => new() { ContentType = "application/vnd.masstransit+json", MessageId = Guid.NewGuid().ToString() };
}
