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
/// relayed, hands them to the sink, and marks them relayed in the same transaction only once the sink confirmed them
/// (the broker has them). A process or broker that dies before that commit leaves the rows to be relayed again, by this
/// relay or another worker's. On PostgreSQL the next batch is claimed (the rows of batches in flight are skipped) and
/// sent while earlier ones wait for their confirms, up to <see cref="BatchesInFlight"/>: an event waits for the claim
/// that finds it, not for the broker's confirms of the batch before. Relayed rows are pruned after Events:Retention.
/// </summary>
public sealed class EventRelay(
    IServiceScopeFactory scopes, IEventSink sink, PrisonCloudEvents cloudEvents, EventSettings settings, TimeProvider clock, ILogger<EventRelay> logger)
    : BackgroundService
{
    /// <summary>Rows claimed at a time: a claim holds their locks until the broker confirmed them all.</summary>
    public const int BatchSize = 200;

    /// <summary>
    /// Batches sent and waiting for the broker's confirms at once (PostgreSQL), each holding its transaction and
    /// connection: enough that a broker writing its queues to disk on a timer does not hold up the next claim.
    /// </summary>
    public const int BatchesInFlight = 8;

    /// <summary>How long an idle relay waits before it looks again: part of an event's delay after its commit.</summary>
    public static readonly TimeSpan PollInterval = TimeSpan.FromMilliseconds(20);

    /// <summary>
    /// How long a relay that just found events waits before it looks again: while changes come, the next event is
    /// likely already committed, and an event's wait for the claim that finds it is most of its delay after the verdict.
    /// </summary>
    public static readonly TimeSpan BusyPollInterval = TimeSpan.FromMilliseconds(5);

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
        var inFlight = new List<Task>();
        while (!stoppingToken.IsCancellationRequested)
        {
            try
            {
                var (sent, relayed) = await SendBatchAsync(stoppingToken);
                inFlight.Add(relayed);
                await EndedAsync(inFlight, wait: inFlight.Count >= BatchesInFlight);
                _failing = null;
                if (pause > TimeSpan.Zero)
                {
                    logger.LogInformation("Relaying events again.");
                    pause = TimeSpan.Zero;
                }

                await PruneIfDueAsync(stoppingToken);
                if (sent < BatchSize)
                {
                    await Task.Delay(sent == 0 ? PollInterval : BusyPollInterval, stoppingToken);
                }
            }
            catch (OperationCanceledException) when (stoppingToken.IsCancellationRequested)
            {
                break;
            }
            catch (Exception error)
            {
                // The broker or the database away: the claimed rows went back with their transactions; try again later,
                // once every batch still in flight has ended (committed, or rolled back with its rows).
                _failing = error;
                await Task.WhenAll(inFlight.Select(Quietly));
                inFlight.Clear();
                pause = pause == TimeSpan.Zero ? TimeSpan.FromSeconds(1) : TimeSpan.FromTicks(Math.Min(pause.Ticks * 2, LongestPause.Ticks));
                logger.LogWarning(error, "Relaying events failed; trying again in {Pause}.", pause);
                try
                {
                    await Task.Delay(pause, stoppingToken);
                }
                catch (OperationCanceledException)
                {
                    break;
                }
            }
        }

        // Stopping: what is in flight commits once confirmed, or rolls back with the token.
        await Task.WhenAll(inFlight.Select(Quietly));
    }

    /// <summary>
    /// Claims the oldest rows not relayed (none another batch holds) and sends them; returns their number once they are
    /// sent, with the task that marks them relayed once the broker confirmed them and commits (throwing if either fails).
    /// </summary>
    public async Task<(int Sent, Task Relayed)> SendBatchAsync(CancellationToken cancellationToken)
    {
        var sent = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
        var relayed = RelayBatchAsync(sent, cancellationToken);
        try
        {
            return (await sent.Task, relayed);
        }
        catch (Exception)
        {
            await Quietly(relayed);
            throw;
        }
    }

    /// <summary>
    /// One claim, send, confirm and mark, in one transaction; <paramref name="sent"/> learns how many once they are sent.
    /// SQLite has no SKIP LOCKED (a second claim would take the same rows): there, only once the batch committed.
    /// </summary>
    private async Task RelayBatchAsync(TaskCompletionSource<int> sent, CancellationToken cancellationToken)
    {
        try
        {
            await using var scope = scopes.CreateAsyncScope();
            var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
            var count = await db.InTransactionAsync(
                async token =>
                {
                    var claimed = await db.ClaimAsync(BatchSize, token);
                    if (claimed.Count == 0)
                    {
                        return 0;
                    }

                    var prisons = await PrisonsAsync(db, claimed, token);
                    var confirmed = await sink.SendAsync([.. claimed.Select(e => cloudEvents.Of(e, prisons))], token);
                    if (db.IsPostgreSql)
                    {
                        sent.TrySetResult(claimed.Count);
                    }

                    await confirmed;
                    await db.MarkRelayedAsync([.. claimed.Select(e => e.Id)], clock.GetUtcNow().UtcDateTime, token);
                    return claimed.Count;
                },
                cancellationToken);
            sent.TrySetResult(count);
        }
        catch (Exception error)
        {
            sent.TrySetException(error);
            throw;
        }
    }

    /// <summary>Drops the batches that ended, throwing the first failure among them; with <paramref name="wait"/>, waits for one to end first.</summary>
    private static async Task EndedAsync(List<Task> inFlight, bool wait)
    {
        if (wait)
        {
            await Task.WhenAny(inFlight);
        }

        foreach (var ended in inFlight.Where(t => t.IsCompleted).ToList())
        {
            inFlight.Remove(ended);
            await ended;
        }
    }

    private static async Task Quietly(Task batch)
    {
        try
        {
            await batch;
        }
        catch (Exception)
        {
            // Reported by the failure that stopped the relay, or the rollback of a stopping host.
        }
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
