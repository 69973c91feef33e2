using Hangfire;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain.Messages;
using Prison.Runtime.Messaging;

namespace Prison.Runtime.Jobs;

/// <summary>
/// Publishes again the changes of prisoners left Unknown longer than the threshold: a message lost to a broker
/// outage or a crash is caught here, since the Unknown status was saved with the change itself. Runs every minute,
/// whatever the threshold. Publishing a change twice is harmless: the consumer skips a version it has a verdict for.
/// </summary>
[AutomaticRetry(Attempts = 2, DelaysInSeconds = [20, 40])]
public sealed class UnknownSweeperJob(PrisonDb db, ChangePublisher publisher, JobSettings settings, TimeProvider clock)
{
    public const string Name = "unknown-sweeper";

    /// <returns>What the run did, kept by Hangfire as the run's result.</returns>
    [JobDisplayName(Name)]
    public async Task<string> RunAsync(CancellationToken cancellationToken)
    {
        var stale = await db.StaleUnknownAsync(clock.GetUtcNow().UtcDateTime - settings.UnknownThreshold, settings.BatchSize * 10, cancellationToken);
        await publisher.PublishAsync(stale.Select(s => new PrisonerChanged(s.PrisonerId, s.ChangeVersion, s.ChangedAtUtc)).ToList(), cancellationToken);
        return $"{stale.Count} published again";
    }
}
