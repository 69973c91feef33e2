using System.Diagnostics;
using MassTransit;
using MassTransit.Logging;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain.Messages;
using Prison.Runtime.Evaluation;
using Prison.ServiceDefaults.Telemetry;

namespace Prison.Runtime.Messaging;

/// <summary>
/// Evaluates the versions of prisoners' records that changes produced, and stores their verdicts, many changes at a
/// time: loading a hundred aggregates costs no more statements than loading one (at most eighteen: the prisoners, whose
/// rows say which collections hold entries, and one per such collection), and their verdicts are one statement. A lone
/// change waits <see cref="BatchWait"/> at most for company, so a quiet prison still sees its verdict at once. The
/// class keeps its name, and with it its queue (prisoner-changed), across the move to batches.
/// </summary>
public sealed class PrisonerChangedConsumer(PrisonDb db, PrisonerReevaluation reevaluation, PrisonMetrics metrics, TimeProvider clock)
    : IConsumer<Batch<PrisonerChanged>>
{
    public const int BatchSize = 100;

    /// <summary>Two batches at once: one loads and evaluates while the other waits on the database.</summary>
    public const int BatchesAtOnce = 2;

    public static readonly TimeSpan BatchWait = TimeSpan.FromMilliseconds(2);

    public static void ConfigureBatches(BatchOptions options) =>
        options.SetMessageLimit(BatchSize).SetConcurrencyLimit(BatchesAtOnce).SetTimeLimit(BatchWait);

    public async Task Consume(ConsumeContext<Batch<PrisonerChanged>> context)
    {
        using var activity = StartEvaluation(context.Message);

        // Several changes of one prisoner in a batch: only the newest version can still be current.
        var newest = context.Message
            .GroupBy(change => change.Message.PrisonerId)
            .ToDictionary(changes => changes.Key, changes => changes.MaxBy(change => change.Message.ChangeVersion)!.Message);
        var prisoners = await db.LoadPrisonersAsync(newest.Keys, Tracking.Untracked, context.CancellationToken);

        // A newer change has its own message; a verdict already stored for this version and rule set is a redelivery.
        var due = prisoners
            .Where(p => p.ChangeVersion == newest[p.Id].ChangeVersion)
            .Where(p => p.AwaitsVerdict(reevaluation.RuleSet.Id))
            .ToList();
        activity?.SetTag("prison.changes", context.Message.Length);
        activity?.SetTag("prison.verdicts_due", due.Count);
        if (due.Count == 0)
        {
            return;
        }

        var stored = await reevaluation.WriteAsync(due, context.CancellationToken);

        // Counted only when every verdict was stored: one refused (a newer change came meanwhile) would be counted
        // with the next version's, and the write does not say which it refused.
        if (stored == due.Count)
        {
            var now = clock.GetUtcNow().UtcDateTime;
            foreach (var prisoner in due)
            {
                if (newest[prisoner.Id].CommittedAtUtc is { } committed)
                {
                    metrics.CommitToVerdict(now - committed);
                }
            }
        }
    }

    /// <summary>
    /// One span for the batch, in the trace of the change that brought it when it holds one change (what staff's
    /// entries mostly bring), so that a change's trace runs from the form's POST to its verdict's write; linked to
    /// the trace of every change it holds.
    /// </summary>
    private static Activity? StartEvaluation(Batch<PrisonerChanged> batch)
    {
        if (!PrisonTelemetry.Source.HasListeners())
        {
            return null;
        }

        var origins = batch
            .Select(change => change.Headers.Get<string>(DiagnosticHeaders.ActivityId) is { } id && ActivityContext.TryParse(id, null, isRemote: true, out var origin)
                ? origin
                : default)
            .Where(origin => origin != default)
            .Distinct()
            .ToList();
        var parent = origins.Count == 1 && Activity.Current?.TraceId != origins[0].TraceId ? origins[0] : default;
        return PrisonTelemetry.Source.StartActivity(
            "evaluate prisoner changes", ActivityKind.Internal, parent, links: origins.Select(origin => new ActivityLink(origin)));
    }
}
