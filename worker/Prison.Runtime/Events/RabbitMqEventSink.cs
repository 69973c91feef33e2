using RabbitMQ.Client;

using Prison.ServiceDefaults;

namespace Prison.Runtime.Events;

/// <summary>
/// Publishes to the topic exchange <see cref="ExchangeName"/> (after RabbitMq:QueuePrefix), persistent, with publisher
/// confirms: the task <see cref="SendAsync"/> returns completes only once the broker confirmed every event, so the relay
/// marks nothing relayed that the broker may have lost. Calls send one after the other on one channel, in the order
/// they were made (the broker keeps a channel's order), and wait for their confirms side by side. A broken connection
/// is dropped and made again at the next call.
/// </summary>
public sealed class RabbitMqEventSink(RabbitMqSettings rabbit) : IEventSink, IAsyncDisposable
{
    public const string ExchangeName = "prison.events";

    private static readonly TimeSpan ConfirmTimeout = TimeSpan.FromSeconds(30);

    /// <summary>Held while a call sends, and while the channel is made or dropped; not while a call waits for its confirms.</summary>
    private readonly SemaphoreSlim _gate = new(1, 1);
    private IConnection? _connection;
    private IChannel? _channel;

    public string Exchange => (rabbit.QueuePrefix ?? "") + ExchangeName;

    public async Task<Task> SendAsync(IReadOnlyList<OutgoingEvent> events, CancellationToken cancellationToken)
    {
        await _gate.WaitAsync(cancellationToken);
        var confirms = new List<Task>(events.Count);
        try
        {
            var channel = await ChannelAsync(cancellationToken);
            // Sent in the outbox's order, the confirms awaited together: one confirm at a time would wait for the
            // broker's disk once per event.
            foreach (var outgoing in events)
            {
                var properties = new BasicProperties
                {
                    ContentType = outgoing.ContentType,
                    DeliveryMode = DeliveryModes.Persistent,
                    MessageId = outgoing.Id,
                    Type = outgoing.Type,
                    Timestamp = new AmqpTimestamp(new DateTimeOffset(outgoing.OccurredAtUtc).ToUnixTimeSeconds()),
                };
                confirms.Add(channel.BasicPublishAsync(Exchange, outgoing.RoutingKey, mandatory: false, properties, outgoing.Body, cancellationToken).AsTask());
            }

            return ConfirmedAsync(channel, Task.WhenAll(confirms));
        }
        catch
        {
            await DropAsync();
            Observe(Task.WhenAll(confirms));
            throw;
        }
        finally
        {
            _gate.Release();
        }
    }

    /// <summary>
    /// Completes once every confirm came, or throws: a confirm refused, the channel lost, or none within
    /// <see cref="ConfirmTimeout"/> (a broker gone silent must not hold the claimed rows for ever). Then the channel is
    /// dropped, unless an earlier failure dropped it already, so the calls sent after on it fail too and go again.
    /// </summary>
    private async Task ConfirmedAsync(IChannel channel, Task confirmed)
    {
        try
        {
            await confirmed.WaitAsync(ConfirmTimeout);
        }
        catch
        {
            Observe(confirmed);
            await _gate.WaitAsync(CancellationToken.None);
            try
            {
                if (ReferenceEquals(channel, _channel))
                {
                    await DropAsync();
                }
            }
            finally
            {
                _gate.Release();
            }

            throw;
        }
    }

    /// <summary>Confirms of a call that failed fail with it, perhaps later: their faults are read, so none goes unobserved.</summary>
    private static void Observe(Task confirmed) =>
        _ = confirmed.ContinueWith(done => _ = done.Exception, CancellationToken.None, TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);

    public async ValueTask DisposeAsync()
    {
        await DropAsync();
        _gate.Dispose();
    }

    private async Task<IChannel> ChannelAsync(CancellationToken cancellationToken)
    {
        if (_channel is { IsOpen: true } open)
        {
            return open;
        }

        await DropAsync();
        var factory = new ConnectionFactory
        {
            HostName = rabbit.Host,
            Port = rabbit.Port,
            VirtualHost = rabbit.VirtualHost,
            UserName = rabbit.Username,
            Password = rabbit.Password,
            ClientProvidedName = "prison-event-relay",
            // The relay reconnects itself, from its next batch: a recovering connection would hold publishes meanwhile.
            AutomaticRecoveryEnabled = false,
            RequestedConnectionTimeout = TimeSpan.FromSeconds(5),
        };
        _connection = await factory.CreateConnectionAsync(cancellationToken);
        _channel = await _connection.CreateChannelAsync(
            new CreateChannelOptions(publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true), cancellationToken);
        await _channel.ExchangeDeclareAsync(Exchange, ExchangeType.Topic, durable: true, autoDelete: false, cancellationToken: cancellationToken);
        return _channel;
    }

    private async Task DropAsync()
    {
        var (channel, connection) = (_channel, _connection);
        (_channel, _connection) = (null, null);
        if (channel is not null)
        {
            await Quietly(() => channel.DisposeAsync().AsTask());
        }

        if (connection is not null)
        {
            await Quietly(() => connection.DisposeAsync().AsTask());
        }
    }

    /// <summary>Closing what already broke may throw again; there is nothing more to do with it.</summary>
    private static async Task Quietly(Func<Task> close)
    {
        try
        {
            await close();
        }
        catch (Exception)
        {
        }
    }
}
