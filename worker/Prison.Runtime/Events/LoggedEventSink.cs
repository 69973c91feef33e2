using System.Text;
using Microsoft.Extensions.Logging;

using Prison.ServiceDefaults;

namespace Prison.Runtime.Events;

/// <summary>
/// The embedded mode's consumer: no broker, so each event is written to the log, category <see cref="Category"/>,
/// as the CloudEvent a RabbitMQ consumer would receive, after its routing key.
/// </summary>
public sealed class LoggedEventSink(ILoggerFactory loggers) : IEventSink
{
    public const string Category = "Prison.Events";

    private readonly ILogger _logger = loggers.CreateLogger(Category);

    public Task<Task> SendAsync(IReadOnlyList<OutgoingEvent> events, CancellationToken cancellationToken)
    {
        foreach (var outgoing in events)
        {
            _logger.LogInformation("{RoutingKey} {CloudEvent}", outgoing.RoutingKey, Encoding.UTF8.GetString(outgoing.Body.Span));
        }

        return Task.FromResult(Task.CompletedTask);
    }
}
