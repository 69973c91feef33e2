using MassTransit;
using Prison.Db;
using Prison.Db.Runs;
using Prison.Domain.Messages;

namespace Prison.Runtime.Messaging;

/// <summary>A batch that failed after its retries (it waits in the error queue) still counts, as failed, so its run ends.</summary>
public sealed class ReevaluateRangeFaultConsumer(PrisonDb db, TimeProvider clock) : IConsumer<Fault<ReevaluateRange>>
{
    public async Task Consume(ConsumeContext<Fault<ReevaluateRange>> context)
    {
        var batch = context.Message.Message;
        var ids = await db.IdsInRangeAsync(batch, context.CancellationToken);
        await db.RecordBatchAsync(batch.RunId, batch.Batch, ids.Count, failed: true, clock.GetUtcNow().UtcDateTime, context.CancellationToken);
    }
}
