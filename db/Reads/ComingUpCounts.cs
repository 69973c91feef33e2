using Microsoft.EntityFrameworkCore;
using Prison.Db.Mappings;
using Prison.Db.RuleSettings;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Reads;

/// <summary>
/// The forecasts stored with the verdicts (migration 024) as more than one room reads them: how many of each prison's
/// current prisoners change within a span, from the rows kept at write time (migration 026, the start page's) and from
/// the forecasts themselves (the reference those rows are held to), and the forecasts behind Coming up's own page. A
/// forecast is read only beside the verdict it belongs to: a known status (the database clears it with the verdict)
/// made with the rule set in force.
/// </summary>
public static class ComingUpCounts
{
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
    public static IQueryable<Prisoner> Forecasts(PrisonDb db, DateTime untilUtc) =>
        KnownInForce(db).Where(p =>
            EF.Property<DateTime?>(p, PrisonerConfiguration.ForecastAt) != null
            && EF.Property<DateTime?>(p, PrisonerConfiguration.ForecastAt) <= untilUtc);

    /// <summary>
    /// The prisoners with a known verdict made with the rule set in force (one row at most; with none recorded yet,
    /// any). Written as a join and an equality, which the planner estimates as keeping the rows, and with no condition on the
    /// forecast's instant, so that Coming up's walk over its kept rows (whose instant is the prisoner's) drives the plan
    /// and stops at the page's end, each prisoner one probe of its key.
    /// </summary>
    public static IQueryable<Prisoner> KnownInForce(PrisonDb db) =>
        from p in db.Prisoners.AsNoTracking()
        from inForce in db.Set<RuleSetInForce>().DefaultIfEmpty()
        where p.DangerStatus != DangerStatus.Unknown && (inForce == null || inForce.RuleSet == p.RuleSet)
        select p;
}
