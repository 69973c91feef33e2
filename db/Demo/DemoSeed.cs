using Microsoft.EntityFrameworkCore;
using Prison.Domain.Messages;

namespace Prison.Db.Demo;

public static class DemoSeed
{
    /// <summary>
    /// Adds the demo prisons and prisoners when the database has no prison yet, and returns the changes to publish
    /// (none when it already had data: a second start keeps what is there).
    /// </summary>
    public static async Task<IReadOnlyList<PrisonerChanged>> SeedDemoAsync(this PrisonDb db, DateOnly today, CancellationToken cancellationToken = default)
    {
        if (await db.Prisons.AnyAsync(cancellationToken))
        {
            return [];
        }

        var demo = DemoRecords.Create(today);
        db.Prisons.AddRange(demo.Prisons);
        db.Prisoners.AddRange(demo.Prisoners);
        db.RecordChangeCause = History.VerdictCause.Other("demo data loaded");
        return await db.SaveRecordChangesAsync(cancellationToken);
    }
}
