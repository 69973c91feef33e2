using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Mappings;
using Prison.Db.Reads;
using Prison.Db.RuleSettings;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisons.ComingUp;

/// <summary>
/// A prison's "Coming up" page by page, ONE statement each: the prison's kept forecasts (prison_forecast, migration 040)
/// walked in the order of their instants from the cursor, each beside its prisoner's verdict looked up by its key and
/// shown only when made with the rule set in force (<see cref="ComingUpCounts.KnownInForce"/>).
/// </summary>
public static class ComingUpReads
{
    public const int PageSize = 50;

    /// <summary>
    /// The current prisoners of <paramref name="prisonId"/> whose verdict changes by <paramref name="untilUtc"/>, earliest
    /// first (by number within an instant), after <paramref name="after"/> (keyset paging). Nobody when the prison is not
    /// one of <paramref name="prisonIds"/> (null: every prison), checked in the same statement.
    /// </summary>
    public static async Task<ComingUpPage> ComingUpAsync(
        this PrisonDb db, int prisonId, IReadOnlyCollection<int>? prisonIds, DateTime untilUtc, ComingUpCursor? after = null,
        int pageSize = PageSize, CancellationToken cancellationToken = default)
    {
        var rows = await ComingUpAt(db, prisonId, prisonIds, untilUtc, after).Take(pageSize + 1).ToListAsync(cancellationToken);
        var page = rows.Take(pageSize).ToList();
        return new ComingUpPage(page, rows.Count > pageSize ? ComingUpCursor.After(page[^1]) : null);
    }

    /// <summary>Every row of <see cref="ComingUpAsync"/>'s list, in its order, read in one statement as they are consumed.</summary>
    public static IAsyncEnumerable<ComingUpRow> EveryComingUp(this PrisonDb db, int prisonId, IReadOnlyCollection<int>? prisonIds, DateTime untilUtc) =>
        ComingUpAt(db, prisonId, prisonIds, untilUtc, after: null).AsAsyncEnumerable();

    /// <summary>
    /// The prison's kept forecasts (migration 040) from the cursor, in the order of their index (prison, instant, number),
    /// each shown only beside its prisoner's verdict made with the rule set in force: a page reads the rows it shows.
    /// </summary>
    private static IQueryable<ComingUpRow> ComingUpAt(PrisonDb db, int prisonId, IReadOnlyCollection<int>? prisonIds, DateTime untilUtc, ComingUpCursor? after)
    {
        var kept = db.Set<PrisonForecast>().AsNoTracking().Where(f => f.PrisonId == prisonId && f.ForecastAt <= untilUtc);
        if (prisonIds is not null)
        {
            // Decided here, sent as a parameter: a second condition on the prison would halve the planner's estimate of the rows.
            var inReach = prisonIds.Contains(prisonId);
            kept = kept.Where(_ => inReach);
        }

        if (after is { } cursor)
        {
            // The first condition bounds the index walk; the second drops what the cursor's instant already showed.
            kept = kept.Where(f => f.ForecastAt >= cursor.AtUtc && (f.ForecastAt > cursor.AtUtc || string.Compare(f.Number, cursor.Number) > 0));
        }

        return from f in kept
               join p in ComingUpCounts.KnownInForce(db) on f.PrisonerId equals p.Id
               orderby f.ForecastAt, f.Number
               select new ComingUpRow(
                   p.Id,
                   p.Number,
                   p.Name,
                   EF.Property<DateTime?>(p, PrisonerConfiguration.ForecastAt)!.Value,
                   p.DangerStatus,
                   EF.Property<DangerStatus?>(p, PrisonerConfiguration.ForecastStatus)!.Value,
                   RuleFacts.FromJson(EF.Property<string>(p, PrisonerConfiguration.ForecastCame)),
                   RuleFacts.FromJson(EF.Property<string>(p, PrisonerConfiguration.ForecastWent)));
    }
}
