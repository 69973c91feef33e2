using MassTransit;
using Prison.Db;
using Prison.Db.RuleSettings;
using Prison.Db.Runs;
using Prison.Domain.Messages;
using Prison.Runtime.Evaluation;
using Prison.Runtime.Runs;

namespace Prison.Runtime.Messaging;

/// <summary>
/// One batch of a run: a fixed number of statements to load its prisoners, the rules in memory, one guarded
/// statement to store every verdict, then the batch counted into its run. Competing consumers on every worker
/// share a run's batches; a worker that dies mid-batch leaves the message to another.
/// </summary>
public sealed class ReevaluateRangeConsumer(PrisonDb db, PrisonerReevaluation reevaluation, ReevaluationRuns runs, TimeProvider clock) : IConsumer<ReevaluateRange>
{
    public async Task Consume(ConsumeContext<ReevaluateRange> context)
    {
        var prisoners = await db.LoadBatchAsync(context.Message, context.CancellationToken);
        await reevaluation.WriteAsync(prisoners, context.CancellationToken);
        await db.RecordBatchAsync(context.Message.RunId, context.Message.Batch, prisoners.Count, failed: false, clock.GetUtcNow().UtcDateTime, context.CancellationToken);

        // A rule change applied during the run joined it; its first batches were evaluated with the old rules.
        if (await db.FinishedBehindTheRulesAsync(context.Message.RunId, context.CancellationToken))
        {
            await runs.StartAsync(RuleSetStartup.StartedBy, RunScope.All, context.CancellationToken);
        }
    }
}
