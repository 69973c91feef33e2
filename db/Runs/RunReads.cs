using Microsoft.EntityFrameworkCore;

namespace Prison.Db.Runs;

public static class RunReads
{
    public static Task<ReevaluationRun?> CurrentRunAsync(this PrisonDb db, CancellationToken cancellationToken) =>
        db.Set<ReevaluationRun>().AsNoTracking().SingleOrDefaultAsync(r => r.IsCurrent == true, cancellationToken);

    public static Task<ReevaluationRun?> RunAsync(this PrisonDb db, Guid id, CancellationToken cancellationToken) =>
        db.Set<ReevaluationRun>().AsNoTracking().SingleOrDefaultAsync(r => r.Id == id, cancellationToken);

    public static async Task<IReadOnlyList<ReevaluationRun>> LatestRunsAsync(this PrisonDb db, int count, CancellationToken cancellationToken) =>
        await db.Set<ReevaluationRun>().AsNoTracking().OrderByDescending(r => r.StartedAtUtc).Take(count).ToListAsync(cancellationToken);
}
