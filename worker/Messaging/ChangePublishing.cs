using MassTransit;
using Microsoft.Extensions.Logging;
using Prison.Domain.Messages;

namespace Prison.Worker.Messaging;

public static class ChangePublishing
{
    /// <summary>How long a change waits for the broker before it gives up and leaves the prisoner to the sweeper.</summary>
    public static readonly TimeSpan BrokerPatience = TimeSpan.FromSeconds(5);

    /// <summary>
    /// Publishes committed changes. A broker that is down must not lose or refuse the change: it is saved as
    /// Unknown already, and the sweeper publishes it again once the broker is back.
    /// </summary>
    public static async Task PublishChangesAsync(this IPublishEndpoint publisher, IReadOnlyCollection<PrisonerChanged> changes, ILogger logger, CancellationToken cancellationToken)
    {
        if (changes.Count == 0)
        {
            return;
        }

        using var patience = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        patience.CancelAfter(BrokerPatience);
        try
        {
            await publisher.PublishBatch(changes, patience.Token);
        }
        catch (Exception error) when (error is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            logger.LogWarning(error, "Could not publish {Count} prisoner change(s); the sweeper will publish them again.", changes.Count);
        }
    }
}
