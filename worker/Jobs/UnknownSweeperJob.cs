using MassTransit;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Logging;
using Prison.Db;
using Prison.Db.Mappings;
using Prison.Domain;
using Prison.Domain.Messages;
using Prison.Worker.Messaging;
using Quartz;

namespace Prison.Worker.Jobs;

/// <summary>
/// Publishes again the changes of prisoners left Unknown longer than the threshold: a message lost to a broker
/// outage or a crash is caught here, since the Unknown status was saved with the change itself.
/// </summary>
[DisallowConcurrentExecution]
public sealed class UnknownSweeperJob(PrisonDb db, IPublishEndpoint publisher, JobSettings settings, TimeProvider clock, ILogger<UnknownSweeperJob> logger) : IJob
{
    public static readonly JobKey Key = new("unknown-sweeper");

    public async ValueTask Execute(IJobExecutionContext context, CancellationToken cancellationToken = default)
    {
        var before = clock.GetUtcNow().UtcDateTime - settings.UnknownThreshold;
        var stale = await db.Prisoners.AsNoTracking()
            .Where(p => p.DangerStatus == DangerStatus.Unknown && EF.Property<DateTime>(p, PrisonerConfiguration.ChangedAt) < before)
            .OrderBy(p => EF.Property<DateTime>(p, PrisonerConfiguration.ChangedAt))
            .Select(p => new PrisonerChanged(p.Id, p.ChangeVersion))
            .Take(settings.BatchSize * 10)
            .ToListAsync(cancellationToken);
        await publisher.PublishChangesAsync(stale, logger, cancellationToken);
        context.Result = $"{stale.Count} published again";
    }
}
