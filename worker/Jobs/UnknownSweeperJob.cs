using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain.Messages;
using Prison.Worker.Messaging;
using Quartz;

namespace Prison.Worker.Jobs;

/// <summary>
/// Publishes again the changes of prisoners left Unknown longer than the threshold: a message lost to a broker
/// outage or a crash is caught here, since the Unknown status was saved with the change itself.
/// </summary>
[DisallowConcurrentExecution]
public sealed class UnknownSweeperJob(PrisonDb db, ChangePublisher publisher, JobSettings settings, TimeProvider clock) : IJob
{
    public static readonly JobKey Key = new("unknown-sweeper");

    public async ValueTask Execute(IJobExecutionContext context, CancellationToken cancellationToken = default)
    {
        var stale = await db.StaleUnknownAsync(clock.GetUtcNow().UtcDateTime - settings.UnknownThreshold, settings.BatchSize * 10, cancellationToken);
        await publisher.PublishAsync(stale.Select(s => new PrisonerChanged(s.PrisonerId, s.ChangeVersion)).ToList(), cancellationToken);
        context.Result = $"{stale.Count} published again";
    }
}
