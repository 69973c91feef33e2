using RabbitMQ.Client;

using Prison.ServiceDefaults;

namespace Prison.Runtime.Events;

/// <summary>
/// Publishes to the topic exchange <see cref="ExchangeName"/> (after RabbitMq:QueuePrefix), persistent, with publisher
/// confirms: <see cref="PublishAsync"/> returns only once the broker confirmed every event, so the relay marks nothing
/// relayed that the broker may have lost. A broken connection is dropped and made again at the next call.
/// </summary>
public sealed class RabbitMqEventSink(RabbitMqSettings rabbit) : IEventSink, IAsyncDisposable
{
    public const string ExchangeName = "prison.events";

    private static readonly TimeSpan ConfirmTimeout = TimeSpan.FromSeconds(30);

    private readonly SemaphoreSlim _gate = new(1, 1);
    private IConnection? _connection;
    private IChannel? _channel;

    public string Exchange => (rabbit.QueuePrefix ?? "") + ExchangeName;

    public async Task PublishAsync(IReadOnlyList<OutgoingEvent> events, CancellationToken cancellationToken)
    {
        await _gate.WaitAsync(cancellationToken);
        // A confirm that never comes (a broker gone silent) must not hold the claimed rows for ever.
        using var bounded = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        bounded.CancelAfter(ConfirmTimeout);
        cancellationToken = bounded.Token;
        try
        {
            var channel = await ChannelAsync(cancellationToken);
            try
            {
                // Sent in the outbox's order, then the broker's confirms awaited together: one confirm at a time would
                // wait for the broker's disk once per event.
                var confirms = new List<Task>(events.Count);
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

                await Task.WhenAll(confirms);
            }
            catch
            {
                await DropAsync();
                throw;
            }
        }
        finally
        {
            _gate.Release();
        }
    }

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
