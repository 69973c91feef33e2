using Microsoft.EntityFrameworkCore;
using Prison.Db.Reads;
using Prison.Domain.Record;

namespace Prison.Db.Demo;

public static class DemoSeed
{
    /// <summary>The demo is loaded only into a database without a prison: a second start keeps what is there.</summary>
    public static async Task<bool> IsEmptyAsync(this PrisonDb db, CancellationToken cancellationToken = default) =>
        !await db.Prisons.AnyAsync(cancellationToken);

    /// <summary>
    /// Says the daily Dangerous figures are exact from <paramref name="day"/> on, which holds while no stay was ever
    /// stored: every prison counted nobody on the days before. Changes nothing once a stay exists.
    /// </summary>
    public static Task<int> KeepDailyFiguresSinceAsync(this PrisonDb db, DateOnly day, CancellationToken cancellationToken = default) =>
        db.Set<DangerousDaysKept>()
            .Where(_ => !db.Set<Stay>().Any())
            .ExecuteUpdateAsync(set => set.SetProperty(k => k.Since, day), cancellationToken);
}
