using Hangfire;
using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Domain;
using Prison.Runtime.Evaluation;

namespace Prison.Runtime.Jobs;

/// <summary>
/// Re-evaluates the prisoners whose verdict the passing of time has changed (a window closed, a hearing came
/// near), so a flag flips when it should rather than at the next nightly run. Runs every minute, in batches.
/// Two runs at once (a fired one beside the scheduled one, or a run taken over from a killed worker) only evaluate
/// the same prisoners twice: every verdict write is guarded by the prisoner's change version.
/// </summary>
[AutomaticRetry(Attempts = 2, DelaysInSeconds = [20, 40])]
public sealed class DueReevaluationJob(PrisonDb db, PrisonerReevaluation reevaluation, JobSettings settings, TimeProvider clock)
{
    public const string Name = "due-reevaluation";

    /// <summary>Keeps one run short; what is left is due again at the next minute.</summary>
    private const int MaxBatchesPerRun = 20;

    /// <returns>What the run did, kept by Hangfire as the run's result.</returns>
    [JobDisplayName(Name)]
    public async Task<string> RunAsync(CancellationToken cancellationToken)
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

        return $"{total} re-evaluated";
    }
}
