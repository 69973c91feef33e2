using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Domain;
using Prison.Worker.Evaluation;
using Quartz;

namespace Prison.Worker.Jobs;

/// <summary>
/// Re-evaluates the prisoners whose verdict the passing of time has changed (a window closed, a hearing came
/// near), so a flag flips when it should rather than at the next nightly run. Runs every minute, in batches.
/// </summary>
[DisallowConcurrentExecution]
public sealed class DueReevaluationJob(PrisonDb db, PrisonerReevaluation reevaluation, JobSettings settings, TimeProvider clock) : IJob
{
    public static readonly JobKey Key = new("due-reevaluation");

    /// <summary>Keeps one firing short; what is left is due again at the next minute.</summary>
    private const int MaxBatchesPerRun = 20;

    public async ValueTask Execute(IJobExecutionContext context, CancellationToken cancellationToken = default)
    {
        var total = 0;
        for (var batch = 0; batch < MaxBatchesPerRun; batch++)
        {
            var now = clock.GetUtcNow().UtcDateTime;
            var due = await db.Prisoners.AsNoTracking()
                .Where(p => p.ReevaluateAtUtc <= now && p.DangerStatus != DangerStatus.Unknown)
                .OrderBy(p => p.ReevaluateAtUtc)
                .Select(p => p.Id)
                .Take(settings.BatchSize)
                .ToListAsync(cancellationToken);
            total += await reevaluation.ReevaluateAsync(due, cancellationToken);
            if (due.Count < settings.BatchSize)
            {
                break;
            }
        }

        context.Result = $"{total} re-evaluated";
    }
}
