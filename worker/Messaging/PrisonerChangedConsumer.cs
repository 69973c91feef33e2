using MassTransit;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain.Messages;
using Prison.Worker.Evaluation;

namespace Prison.Worker.Messaging;

/// <summary>
/// Evaluates the versions of prisoners' records that changes produced, and stores their verdicts, many changes at a
/// time: loading a hundred aggregates costs no more statements than loading one (at most eighteen: the prisoners, whose
/// rows say which collections hold entries, and one per such collection), and their verdicts are one statement. A lone
/// change waits <see cref="BatchWait"/> at most for company, so a quiet prison still sees its verdict at once. The
/// class keeps its name, and with it its queue (prisoner-changed), across the move to batches.
/// </summary>
public sealed class PrisonerChangedConsumer(PrisonDb db, PrisonerReevaluation reevaluation) : IConsumer<Batch<PrisonerChanged>>
{
    public const int BatchSize = 100;

    /// <summary>Two batches at once: one loads and evaluates while the other waits on the database.</summary>
    public const int BatchesAtOnce = 2;

    public static readonly TimeSpan BatchWait = TimeSpan.FromMilliseconds(2);

    public static void ConfigureBatches(BatchOptions options) =>
        options.SetMessageLimit(BatchSize).SetConcurrencyLimit(BatchesAtOnce).SetTimeLimit(BatchWait);

    public async Task Consume(ConsumeContext<Batch<PrisonerChanged>> context)
    {
        // Several changes of one prisoner in a batch: only the newest version can still be current.
        var newest = context.Message
            .GroupBy(change => change.Message.PrisonerId)
            .ToDictionary(changes => changes.Key, changes => changes.Max(change => change.Message.ChangeVersion));
        var prisoners = await db.LoadForEvaluationAsync(newest.Keys, context.CancellationToken);

        // A newer change has its own message; a verdict already stored for this version and rule set is a redelivery.
        var due = prisoners
            .Where(p => p.ChangeVersion == newest[p.Id])
            .Where(p => p.AwaitsVerdict(reevaluation.RuleSet.Id))
            .ToList();
        if (due.Count > 0)
        {
            await reevaluation.WriteAsync(due, context.CancellationToken);
        }
    }
}
