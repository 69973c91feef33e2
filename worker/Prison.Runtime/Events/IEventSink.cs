using Prison.ServiceDefaults;

namespace Prison.Runtime.Events;

/// <summary>Where the relay hands events: RabbitMQ's topic exchange in production, the log in the embedded mode.</summary>
public interface IEventSink
{
    /// <summary>Returns once every event is safely with the sink (for RabbitMQ, confirmed by the broker); throws otherwise.</summary>
    Task PublishAsync(IReadOnlyList<OutgoingEvent> events, CancellationToken cancellationToken);
}
