using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Prison.Db;
using Prison.Db.Events;
using Prison.Domain;

using Prison.ServiceDefaults;

namespace Prison.Runtime.Events;

/// <summary>
/// Relays the outbox (migration 035) to the <see cref="IEventSink"/>, at least once: it claims the oldest rows not
/// relayed, hands them to the sink, and marks them relayed in the same transaction only once the sink returned (the
/// broker confirmed them). A process or broker that dies before that commit leaves the rows to be relayed again, by
/// this relay or another worker's. Relayed rows are pruned after Events:Retention.
/// </summary>
public sealed class EventRelay(
    IServiceScopeFactory scopes, IEventSink sink, PrisonCloudEvents cloudEvents, EventSettings settings, TimeProvider clock, ILogger<EventRelay> logger)
    : BackgroundService
{
    /// <summary>Rows claimed at a time: a claim holds their locks until the broker confirmed them all.</summary>
    public const int BatchSize = 200;

    /// <summary>How long an idle relay waits before it looks again: part of an event's delay after its commit.</summary>
    public static readonly TimeSpan PollInterval = TimeSpan.FromMilliseconds(20);

    private static readonly TimeSpan PruneEvery = TimeSpan.FromMinutes(1);
    private static readonly TimeSpan LongestPause = TimeSpan.FromSeconds(30);

    private Dictionary<int, PrisonFacility> _prisons = [];
    private volatile Exception? _failing;

    /// <summary>Why the last attempt to relay failed (the broker or the database out of reach), or null once one succeeded.</summary>
    public Exception? Failing => _failing;
    private DateTimeOffset _prunedAt = DateTimeOffset.MinValue;

    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        var pause = TimeSpan.Zero;
        while (!stoppingToken.IsCancellationRequested)
        {
            try
            {
                var relayed = await RelayBatchAsync(stoppingToken);
                _failing = null;
                if (pause > TimeSpan.Zero)
                {
                    logger.LogInformation("Relaying events again.");
                    pause = TimeSpan.Zero;
                }

                await PruneIfDueAsync(stoppingToken);
                if (relayed < BatchSize)
                {
                    await Task.Delay(PollInterval, stoppingToken);
                }
            }
            catch (OperationCanceledException) when (stoppingToken.IsCancellationRequested)
            {
                return;
            }
            catch (Exception error)
            {
                // The broker or the database away: the claimed rows went back with the transaction; try again later.
                _failing = error;
                pause = pause == TimeSpan.Zero ? TimeSpan.FromSeconds(1) : TimeSpan.FromTicks(Math.Min(pause.Ticks * 2, LongestPause.Ticks));
                logger.LogWarning(error, "Relaying events failed; trying again in {Pause}.", pause);
                try
                {
                    await Task.Delay(pause, stoppingToken);
                }
                catch (OperationCanceledException)
                {
                    return;
                }
            }
        }
    }

    /// <summary>One claim, publish and mark; returns how many events it relayed.</summary>
    public async Task<int> RelayBatchAsync(CancellationToken cancellationToken)
    {
        await using var scope = scopes.CreateAsyncScope();
        var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
        return await db.InTransactionAsync(
            async token =>
            {
                var claimed = await db.ClaimAsync(BatchSize, token);
                if (claimed.Count == 0)
                {
                    return 0;
                }

                var prisons = await PrisonsAsync(db, claimed, token);
                await sink.PublishAsync([.. claimed.Select(e => cloudEvents.Of(e, prisons))], token);
                await db.MarkRelayedAsync([.. claimed.Select(e => e.Id)], clock.GetUtcNow().UtcDateTime, token);
                return claimed.Count;
            },
            cancellationToken);
    }

    /// <summary>Prisons are few and rarely added: read again only when an event names one not seen yet.</summary>
    private async Task<IReadOnlyDictionary<int, PrisonFacility>> PrisonsAsync(PrisonDb db, IEnumerable<PrisonEvent> events, CancellationToken cancellationToken)
    {
        var named = events.SelectMany(e => new[] { e.PrisonId, e.FromPrisonId }).OfType<int>();
        if (!named.All(_prisons.ContainsKey))
        {
            _prisons = await db.Prisons.AsNoTracking().ToDictionaryAsync(p => p.Id, cancellationToken);
        }

        return _prisons;
    }

    private async Task PruneIfDueAsync(CancellationToken cancellationToken)
    {
        var now = clock.GetUtcNow();
        if (now - _prunedAt < PruneEvery)
        {
            return;
        }

        _prunedAt = now;
        await using var scope = scopes.CreateAsyncScope();
        var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
        const int chunk = 5000;
        while (await db.PruneRelayedAsync((now - settings.Retention).UtcDateTime, chunk, cancellationToken) == chunk)
        {
        }
    }
}
