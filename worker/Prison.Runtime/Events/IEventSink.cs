using Prison.ServiceDefaults;

namespace Prison.Runtime.Events;

/// <summary>Where the relay hands events: RabbitMQ's topic exchange in production, the log in the embedded mode.</summary>
public interface IEventSink
{
    /// <summary>
    /// Sends the events after those of earlier calls; returns once they are sent, with the task that completes once every
    /// one is safely with the sink (for RabbitMQ, confirmed by the broker) and throws otherwise.
    /// </summary>
    Task<Task> SendAsync(IReadOnlyList<OutgoingEvent> events, CancellationToken cancellationToken);
}
