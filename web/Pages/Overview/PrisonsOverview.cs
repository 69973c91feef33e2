using Prison.Db.Reads;

namespace Prison.Web.Pages.Overview;

/// <summary>
/// What <see cref="OverviewReads.OverviewAsync"/> read: the prisons in reach that ever held anyone since their counts
/// were kept, and from which UTC day the daily figures are kept. A prison without counts held nobody on any kept day.
/// </summary>
public sealed record PrisonsOverview(IReadOnlyList<PrisonOverview> Prisons, DateOnly KeptSince, DateOnly FirstDay, DateOnly LastDay, DateOnly Today)
{
    public static PrisonsOverview None(DateOnly firstDay, DateOnly lastDay, DateOnly today) => new([], today, firstDay, lastDay, today);

    /// <summary>The prison's overview, or that of a prison that held nobody when it has no counts.</summary>
    public PrisonOverview For(int prisonId) =>
        Prisons.FirstOrDefault(p => p.PrisonId == prisonId) ?? Figures(prisonId, new StatusCounts(0, 0, 0), new DailyFigures(0, [], KeptSince));

    internal PrisonOverview Figures(int prisonId, StatusCounts counts, DailyFigures figures) =>
        new(
            prisonId,
            counts,
            [.. Enumerable.Range(0, LastDay.DayNumber - FirstDay.DayNumber + 1).Select(i => FirstDay.AddDays(i)).Select(day => new DangerousDay(day, figures.AtEndOf(day)))],
            figures.AtEndOf(Today.AddDays(-1)),
            figures.AtEndOf(Today.AddDays(-7)));
}
