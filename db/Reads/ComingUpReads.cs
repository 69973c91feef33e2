using Microsoft.EntityFrameworkCore;
using Prison.Db.Mappings;
using Prison.Db.RuleSettings;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Reads;

/// <summary>
/// The forecasts stored with the verdicts (migration 024), ONE statement each: a prison's "Coming up" page by page, and
/// how many of each prison's current prisoners change within a span (kept at write time, migration 026). A forecast is read only beside the verdict it
/// belongs to: a known status (the database clears it with the verdict) made with the rule set in force. A page
/// walks the prison's kept forecasts in the order of their instants (prison_forecast, migration 040), each prisoner's verdict
/// looked up by its key.
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
               join p in KnownInForce(db) on f.PrisonerId equals p.Id
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

    /// <summary>
    /// How many current prisoners of each of <paramref name="prisonIds"/> have a verdict that changes by
    /// <paramref name="untilUtc"/>, in one statement over the kept rows (migration 026): a few rows a prison, whatever
    /// the number of prisoners; a prison with none is left out.
    /// </summary>
    public static async Task<IReadOnlyDictionary<int, int>> ComingUpCountsAsync(
        this PrisonDb db, IReadOnlyCollection<int> prisonIds, DateTime untilUtc, CancellationToken cancellationToken = default) =>
        await db.Set<PrisonComingUp>().AsNoTracking()
            .Where(k => prisonIds.Contains(k.PrisonId) && k.ForecastAt <= untilUtc && !db.Set<RuleSetInForce>().Any(f => f.RuleSet != k.RuleSet))
            .GroupBy(k => k.PrisonId)
            .Select(g => new { PrisonId = g.Key, Count = g.Sum(k => k.Prisoners) })
            .Where(g => g.Count != 0)
            .ToDictionaryAsync(p => p.PrisonId, p => p.Count, cancellationToken);

    /// <summary>
    /// The same counts computed from the stored forecasts, each looked up in the current stays: a walk over every
    /// forecast within the span, slow with many prisoners. The reference the kept counts
    /// (<see cref="ComingUpCountsAsync"/>) must always equal: for tests and `verify`, never for a page.
    /// </summary>
    public static async Task<IReadOnlyDictionary<int, int>> ComingUpCountsFromForecastsAsync(
        this PrisonDb db, IReadOnlyCollection<int> prisonIds, DateTime untilUtc, CancellationToken cancellationToken = default) =>
        await (
                from prisoner in Forecasts(db, untilUtc)
                join stay in db.Set<Stay>().Where(CurrentStayCondition.Is).Where(s => prisonIds.Contains(s.PrisonId))
                    on prisoner.Id equals EF.Property<Guid>(stay, PrisonerConfiguration.PrisonerKey)
                group stay by stay.PrisonId into prison
                select new { PrisonId = prison.Key, Count = prison.Count() })
            .ToDictionaryAsync(p => p.PrisonId, p => p.Count, cancellationToken);

    /// <summary>
    /// The prisoners whose stored forecast falls by <paramref name="untilUtc"/>, beside the verdict made with the rule
    /// set in force (with none recorded yet, any). An instant already passed stays until the due-time job re-evaluates.
    /// </summary>
    internal static IQueryable<Prisoner> Forecasts(PrisonDb db, DateTime untilUtc) =>
        KnownInForce(db).Where(p =>
            EF.Property<DateTime?>(p, PrisonerConfiguration.ForecastAt) != null
            && EF.Property<DateTime?>(p, PrisonerConfiguration.ForecastAt) <= untilUtc);

    /// <summary>
    /// The prisoners with a known verdict made with the rule set in force (one row at most; with none recorded yet,
    /// any). Written as a join and an equality, which the planner estimates as keeping the rows, and with no condition on the
    /// forecast's instant, so that the page's walk over its kept rows (whose instant is the prisoner's) drives the plan
    /// and stops at the page's end, each prisoner one probe of its key.
    /// </summary>
    private static IQueryable<Prisoner> KnownInForce(PrisonDb db) =>
        from p in db.Prisoners.AsNoTracking()
        from inForce in db.Set<RuleSetInForce>().DefaultIfEmpty()
        where p.DangerStatus != DangerStatus.Unknown && (inForce == null || inForce.RuleSet == p.RuleSet)
        select p;
}
