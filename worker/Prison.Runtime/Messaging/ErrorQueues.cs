using RabbitMQ.Client;
using RabbitMQ.Client.Exceptions;
using Prison.ServiceDefaults;

namespace Prison.Runtime.Messaging;

/// <summary>How many messages wait in the error queues, where a message goes after its retries failed.</summary>
public static class ErrorQueues
{
    /// <summary>The endpoints whose error queues are counted: every queue a worker consumes.</summary>
    public static readonly IReadOnlyList<string> Endpoints = ["prisoner-changed", "reevaluate-range", "reevaluate-range-fault", "scheduled-job-request"];

    /// <summary>Null in the embedded mode, whose in-memory bus keeps no error queue an operator could look at.</summary>
    public static async Task<IReadOnlyDictionary<string, uint>?> CountAsync(PrisonSettings settings, CancellationToken cancellationToken)
    {
        if (settings.RabbitMq is not { } rabbit)
        {
            return null;
        }

        var factory = new ConnectionFactory
        {
            HostName = rabbit.Host, Port = rabbit.Port, VirtualHost = rabbit.VirtualHost, UserName = rabbit.Username, Password = rabbit.Password, Ssl = rabbit.Ssl,
            RequestedConnectionTimeout = TimeSpan.FromSeconds(5), AutomaticRecoveryEnabled = false,
        };
        await using var connection = await factory.CreateConnectionAsync("prison-error-queue-count", cancellationToken);
        var counts = new Dictionary<string, uint>();
        foreach (var endpoint in Endpoints)
        {
            var queue = $"{rabbit.QueuePrefix}{endpoint}_error";

            // A passive declare of a queue no fault has created yet closes its channel: one channel a look.
            await using var channel = await connection.CreateChannelAsync(cancellationToken: cancellationToken);
            try
            {
                counts[queue] = (await channel.QueueDeclarePassiveAsync(queue, cancellationToken)).MessageCount;
            }
            catch (OperationInterruptedException)
            {
                counts[queue] = 0;
            }
        }

        return counts;
    }
}
