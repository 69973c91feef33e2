using MassTransit;
using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Domain.Messages;
using Quartz;

namespace Prison.Worker.Jobs;

/// <summary>
/// The safety net: every prisoner evaluated again each night. The job only cuts the prisoners into keyset
/// ranges and publishes one message per range, so it stays short; the workers share the ranges.
/// </summary>
[DisallowConcurrentExecution]
public sealed class NightlyReevaluationJob(PrisonDb db, IPublishEndpoint publisher, JobSettings settings) : IJob
{
    public static readonly JobKey Key = new("nightly-reevaluation");

    public async ValueTask Execute(IJobExecutionContext context, CancellationToken cancellationToken = default)
    {
        var ranges = await RangesAsync(db, settings.BatchSize, cancellationToken);
        await publisher.PublishBatch(ranges, cancellationToken);
        context.Result = $"{ranges.Count} batches published";
    }

    /// <summary>The last id of every batch of <paramref name="batchSize"/> prisoners in id order, in one statement.</summary>
    public static async Task<IReadOnlyList<ReevaluateRange>> RangesAsync(PrisonDb db, int batchSize, CancellationToken cancellationToken)
    {
        var ends = await db.Database.SqlQuery<Guid>($"""
            SELECT id AS "Value" FROM (
                SELECT id, row_number() OVER (ORDER BY id) AS n, count(*) OVER () AS total FROM prisoner) AS numbered
            WHERE n % {batchSize} = 0 OR n = total
            ORDER BY id
            """).ToListAsync(cancellationToken);
        return ends.Select((end, i) => new ReevaluateRange(i == 0 ? null : ends[i - 1], end)).ToList();
    }
}
