using Prison.ServiceDefaults;

namespace Prison.Runtime.Events;

/// <summary>Where the relay hands events: RabbitMQ's topic exchange in production, the log in the embedded mode.</summary>
public interface IEventSink
{
    /// <summary>
    /// Sends the events in their order, after those of every earlier call, and returns once they are sent, with the task
    /// of their confirmation: it completes once every one is safely with the sink (for RabbitMQ, confirmed by the
    /// broker) and throws otherwise. The relay sends its next batch while this one waits for its confirmation.
    /// </summary>
    Task<Task> SendAsync(IReadOnlyList<OutgoingEvent> events, CancellationToken cancellationToken);
}
