using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Reads;

namespace Prison.Web.Pages.Overview;

/// <summary>
/// The headquarters overview: every prison in reach with its counts by status and its Dangerous count day by day, in
/// ONE statement however many prisons: the counts from prison_status_count (migration 009), the days from
/// prison_dangerous_day (migration 025), both kept by triggers at write time, and the day from which the days are kept.
/// </summary>
public static class OverviewReads
{
    /// <summary>How many days back of today a chart may start: the read sums every kept day from its start to today.</summary>
    public const int FurthestBack = 3 * 366;

    /// <summary>
    /// The prisons of <paramref name="prisonIds"/> (null: every prison; an empty list: none, and nothing is read) that
    /// have counts, each with its Dangerous count at the end of each UTC day from <paramref name="firstDay"/> to
    /// <paramref name="lastDay"/> (neither after <paramref name="today"/>, the UTC day now), and at the end of
    /// yesterday and of the day a week ago. A day's figure is the count now less the changes kept for the days after
    /// it: exact, since every change is kept in the transaction that makes it.
    /// </summary>
    public static async Task<PrisonsOverview> OverviewAsync(
        this PrisonDb db, IReadOnlyCollection<int>? prisonIds, DateOnly firstDay, DateOnly lastDay, DateOnly today, CancellationToken cancellationToken = default)
    {
        if (lastDay < firstDay || lastDay > today || firstDay < today.AddDays(-FurthestBack))
        {
            throw new ArgumentOutOfRangeException(nameof(firstDay), $"The days {firstDay:yyyy-MM-dd} to {lastDay:yyyy-MM-dd} are not within {FurthestBack} days before {today:yyyy-MM-dd}.");
        }

        if (prisonIds is { Count: 0 })
        {
            return PrisonsOverview.None(firstDay, lastDay, today);
        }

        var weekAgo = today.AddDays(-7);
        var from = firstDay < weekAgo ? firstDay : weekAgo;
        var counts = db.Set<PrisonStatusCount>().AsNoTracking();
        var days = db.Set<PrisonDangerousDay>().AsNoTracking().Where(d => d.Day > from);
        if (prisonIds is not null)
        {
            counts = counts.Where(c => prisonIds.Contains(c.PrisonId));
            days = days.Where(d => prisonIds.Contains(d.PrisonId));
        }

        // One statement: a line per prison with its counts, a line per prison and day with that day's change, and the
        // line saying from which day the changes are kept.
        var lines = await counts
            .GroupBy(c => c.PrisonId)
            .Select(g => new { Kind = LineKind.Counts, PrisonId = g.Key, Day = from, Dangerous = g.Sum(c => c.Dangerous), NotDangerous = g.Sum(c => c.NotDangerous), Unknown = g.Sum(c => c.Unknown) })
            .Concat(days
                .GroupBy(d => new { d.PrisonId, d.Day })
                .Select(g => new { Kind = LineKind.DayChange, g.Key.PrisonId, g.Key.Day, Dangerous = g.Sum(d => d.DangerousChange), NotDangerous = 0, Unknown = 0 }))
            .Concat(db.Set<DangerousDaysKept>().AsNoTracking()
                .Select(k => new { Kind = LineKind.KeptSince, PrisonId = 0, Day = k.Since, Dangerous = 0, NotDangerous = 0, Unknown = 0 }))
            .ToListAsync(cancellationToken);

        var keptSince = lines.Where(l => l.Kind == LineKind.KeptSince).Select(l => (DateOnly?)l.Day).FirstOrDefault() ?? today;
        var changes = lines.Where(l => l.Kind == LineKind.DayChange).ToLookup(l => l.PrisonId, l => (l.Day, Change: l.Dangerous));
        var read = new PrisonsOverview([], keptSince, firstDay, lastDay, today);
        return read with
        {
            Prisons = [.. lines
                .Where(l => l.Kind == LineKind.Counts)
                .Select(l => read.Figures(l.PrisonId, new StatusCounts(l.Dangerous, l.NotDangerous, l.Unknown), new DailyFigures(l.Dangerous, changes[l.PrisonId], keptSince)))],
        };
    }

    private enum LineKind
    {
        Counts,
        DayChange,
        KeptSince,
    }
}
