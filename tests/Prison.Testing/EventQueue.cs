using System.Text.Json;
using CloudNative.CloudEvents;
using CloudNative.CloudEvents.SystemTextJson;
using Prison.Runtime.Events;
using RabbitMQ.Client;

namespace Prison.Testing;

/// <summary>
/// A consumer's own queue on the events exchange, bound to the routing keys it needs, as docs/integration.md tells an
/// integrator to make one; read with the CloudEvents SDK's own JSON formatter.
/// </summary>
public sealed class EventQueue : IAsyncDisposable
{
    private static readonly JsonEventFormatter Formatter = new();
    private readonly ConnectionFactory _factory;
    private IConnection _connection;
    private IChannel _channel;

    private EventQueue(ConnectionFactory factory, IConnection connection, IChannel channel, string name)
    {
        _factory = factory;
        _connection = connection;
        _channel = channel;
        Name = name;
    }

    public string Name { get; }

    /// <summary>A durable queue named after the prefix, bound to <paramref name="bindings"/> on the prefix's events exchange.</summary>
    public static async Task<EventQueue> BindAsync(Uri broker, string queuePrefix, params string[] bindings)
    {
        var factory = FactoryFor(broker);
        var connection = await factory.CreateConnectionAsync();
        var channel = await connection.CreateChannelAsync();
        var exchange = queuePrefix + RabbitMqEventSink.ExchangeName;
        var name = $"{queuePrefix}events-{Guid.NewGuid():N}"[..40];
        await channel.ExchangeDeclareAsync(exchange, ExchangeType.Topic, durable: true, autoDelete: false);
        await channel.QueueDeclareAsync(name, durable: true, exclusive: false, autoDelete: false);
        foreach (var binding in bindings)
        {
            await channel.QueueBindAsync(name, exchange, binding);
        }

        return new EventQueue(factory, connection, channel, name);
    }

    /// <summary>Connections to the broker at <paramref name="broker"/> (amqp://user:password@host:port/).</summary>
    public static ConnectionFactory FactoryFor(Uri broker)
    {
        var credentials = broker.UserInfo.Split(':');
        return new ConnectionFactory
        {
            HostName = broker.Host,
            Port = broker.Port,
            UserName = Uri.UnescapeDataString(credentials[0]),
            Password = Uri.UnescapeDataString(credentials[1]),
        };
    }

    /// <summary>Connects again, after the broker was stopped and started: the queue, durable, kept its messages.</summary>
    public async Task ReconnectAsync()
    {
        try
        {
            await _channel.DisposeAsync();
            await _connection.DisposeAsync();
        }
        catch (Exception)
        {
            // What broke with the broker cannot be closed cleanly; it is replaced below.
        }

        _connection = await _factory.CreateConnectionAsync();
        _channel = await _connection.CreateChannelAsync();
    }

    /// <summary>Every message waiting now, in queue order, each with its routing key.</summary>
    public async Task<IReadOnlyList<(string RoutingKey, CloudEvent Event)>> TakeAllAsync()
    {
        var taken = new List<(string, CloudEvent)>();
        while (await _channel.BasicGetAsync(Name, autoAck: true) is { } message)
        {
            taken.Add((message.RoutingKey, Decode(message.Body, message.BasicProperties)));
        }

        return taken;
    }

    /// <summary>The data of a CloudEvent as JSON.</summary>
    public static JsonElement DataOf(CloudEvent cloudEvent) => (JsonElement)cloudEvent.Data!;

    private static CloudEvent Decode(ReadOnlyMemory<byte> body, IReadOnlyBasicProperties properties) =>
        Formatter.DecodeStructuredModeMessage(body, new System.Net.Mime.ContentType(properties.ContentType!), [PrisonCloudEvents.RecordVersion, PrisonCloudEvents.Sequence]);

    public async ValueTask DisposeAsync()
    {
        await _channel.QueueDeleteAsync(Name);
        await _channel.DisposeAsync();
        await _connection.DisposeAsync();
    }
}
