using System.Diagnostics;
using Microsoft.EntityFrameworkCore;
using Prison.Domain.Evaluation;
using Prison.Runtime.Evaluation;

namespace Prison.Benchmarks.Data;

/// <summary>
/// The stored flags design C reads, computed once with the product's own evaluation (load aggregates in a fixed
/// number of statements, the rules in memory, one guarded write per batch), in keyset batches and without a broker.
/// </summary>
public static class StoredVerdicts
{
    private const int BatchSize = 1000;

    public static async Task<double> ComputeAsync(BenchDatabase database, CancellationToken cancellationToken)
    {
        var start = Stopwatch.GetTimestamp();
        var rules = BenchmarkRules.Current();
        Guid? after = null;
        while (true)
        {
            await using var db = database.Open();
            var ids = await db.Prisoners.AsNoTracking()
                .Where(p => p.DangerStatus == Domain.DangerStatus.Unknown && (after == null || p.Id.CompareTo(after.Value) > 0))
                .OrderBy(p => p.Id).Select(p => p.Id).Take(BatchSize).ToListAsync(cancellationToken);
            if (ids.Count == 0)
            {
                return Stopwatch.GetElapsedTime(start).TotalSeconds;
            }

            await new PrisonerReevaluation(db, rules, TimeProvider.System).ReevaluateAsync(ids, cancellationToken);
            after = ids[^1];
        }
    }
}
