using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Mappings;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Benchmarks.Designs;

/// <summary>
/// Design A, as the original analysis describes it: the page's rows in one query, then each prisoner loaded on its own
/// (its row, then each collection that holds entries), and the rule objects run in memory.
/// Uses the product's own aggregate and evaluator, so it agrees with the stored flag by construction.
/// </summary>
public sealed class DesignA(PrisonDb db, DangerEvaluator evaluator)
{
    /// <summary>The ten latest arrivals with their flag.</summary>
    public async Task<IReadOnlyList<(Guid Id, bool Dangerous)>> PageAsync(int prisonId, CancellationToken cancellationToken)
    {
        var ids = await ArrivalsAsync(prisonId, 0, DashboardReads.PageSize, cancellationToken);
        var page = new List<(Guid, bool)>();
        foreach (var id in ids)
        {
            page.Add((id, await IsDangerousAsync(id, cancellationToken)));
        }

        return page;
    }

    /// <summary>The ten latest dangerous arrivals: pages through the arrivals, evaluating each prisoner, until ten match.</summary>
    public async Task<IReadOnlyList<Guid>> DangerousPageAsync(int prisonId, CancellationToken cancellationToken)
    {
        var found = new List<Guid>();
        for (var skip = 0; found.Count < DashboardReads.PageSize; skip += DashboardReads.PageSize)
        {
            var ids = await ArrivalsAsync(prisonId, skip, DashboardReads.PageSize, cancellationToken);
            foreach (var id in ids.TakeWhile(_ => found.Count < DashboardReads.PageSize))
            {
                if (await IsDangerousAsync(id, cancellationToken))
                {
                    found.Add(id);
                }
            }

            if (ids.Count < DashboardReads.PageSize)
            {
                break;
            }
        }

        return found;
    }

    /// <summary>
    /// Counts by status: every current prisoner of the prison evaluated. Stops after <paramref name="budget"/> and
    /// returns how many prisoners it evaluated out of how many, so a caller can extrapolate at large sizes.
    /// </summary>
    public async Task<(int Dangerous, int Evaluated, int Total)> CountsAsync(int prisonId, TimeSpan budget, CancellationToken cancellationToken)
    {
        var ids = await ArrivalsAsync(prisonId, 0, int.MaxValue, cancellationToken);
        var start = System.Diagnostics.Stopwatch.GetTimestamp();
        var (dangerous, evaluated) = (0, 0);
        foreach (var id in ids)
        {
            dangerous += await IsDangerousAsync(id, cancellationToken) ? 1 : 0;
            evaluated++;
            if (System.Diagnostics.Stopwatch.GetElapsedTime(start) > budget)
            {
                break;
            }
        }

        return (dangerous, evaluated, ids.Count);
    }

    private Task<List<Guid>> ArrivalsAsync(int prisonId, int skip, int take, CancellationToken cancellationToken) => (
            from stay in db.Set<Stay>().AsNoTracking()
            join prisoner in db.Prisoners.AsNoTracking() on EF.Property<Guid>(stay, PrisonerConfiguration.PrisonerKey) equals prisoner.Id
            where stay.PrisonId == prisonId && stay.LeftOn == null
            orderby stay.ArrivalDate descending, prisoner.Number
            select prisoner.Id)
        .Skip(skip).Take(take).ToListAsync(cancellationToken);

    private async Task<bool> IsDangerousAsync(Guid id, CancellationToken cancellationToken)
    {
        var prisoner = (await db.LoadPrisonersAsync([id], Tracking.Untracked, cancellationToken)).Single();
        return evaluator.Evaluate(prisoner, DateTime.UtcNow).Status == DangerStatus.Dangerous;
    }
}
