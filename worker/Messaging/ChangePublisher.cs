using MassTransit;
using Microsoft.Extensions.Logging;
using Prison.Domain.Messages;

namespace Prison.Worker.Messaging;

/// <summary>
/// Publishes committed changes. A broker that is down must neither lose a change nor hold up the person making it:
/// the change is saved as Unknown already, and the sweeper publishes it again once the broker is back. So a publish
/// waits a few seconds at most, and after a failure the next ones are not tried for a while: staff recording events
/// during an outage see no delay.
/// </summary>
public sealed class ChangePublisher(IBus bus, ILogger<ChangePublisher> logger, TimeProvider clock)
{
    /// <summary>How long one publish waits for the broker.</summary>
    public static readonly TimeSpan Patience = TimeSpan.FromSeconds(5);

    /// <summary>How long publishing rests after a failure.</summary>
    public static readonly TimeSpan Rest = TimeSpan.FromSeconds(30);

    private long _restUntilTicks;

    public async Task PublishAsync(IReadOnlyCollection<PrisonerChanged> changes, CancellationToken cancellationToken)
    {
        if (changes.Count == 0)
        {
            return;
        }

        if (clock.GetUtcNow().UtcTicks < Interlocked.Read(ref _restUntilTicks))
        {
            logger.LogDebug("The broker failed recently: {Count} change(s) left to the sweeper.", changes.Count);
            return;
        }

        using var patience = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        patience.CancelAfter(Patience);
        try
        {
            await bus.PublishBatch(changes, patience.Token);
        }
        catch (Exception error) when (error is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            Interlocked.Exchange(ref _restUntilTicks, (clock.GetUtcNow() + Rest).UtcTicks);
            logger.LogWarning(error, "Could not publish {Count} prisoner change(s); they stay Unknown until the sweeper publishes them again. Not trying again for {Rest}.", changes.Count, Rest);
        }
    }
}
