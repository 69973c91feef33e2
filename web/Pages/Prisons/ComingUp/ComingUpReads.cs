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
/// A prison's "Coming up" page by page, ONE statement each, over the forecasts stored with the verdicts (migration 024,
/// <see cref="ComingUpCounts.Forecasts"/>, the reference the kept counts are checked against). The walk
/// starts from the forecasts in the order of their instants (the partial index prisoner_forecast_at), each prisoner's
/// current stay looked up by its key.
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
        var forecasts = ComingUpAt(db, prisonId, prisonIds, untilUtc);
        if (after is { } cursor)
        {
            // The first condition bounds the index walk; the second drops what the cursor's instant already showed.
            forecasts = forecasts.Where(p => EF.Property<DateTime?>(p, PrisonerConfiguration.ForecastAt) >= cursor.AtUtc
                && (EF.Property<DateTime?>(p, PrisonerConfiguration.ForecastAt) > cursor.AtUtc || string.Compare(p.Number, cursor.Number) > 0));
        }

        var rows = await Rows(forecasts.Take(pageSize + 1)).ToListAsync(cancellationToken);
        var page = rows.Take(pageSize).ToList();
        return new ComingUpPage(page, rows.Count > pageSize ? ComingUpCursor.After(page[^1]) : null);
    }

    /// <summary>Every row of <see cref="ComingUpAsync"/>'s list, in its order, read in one statement as they are consumed.</summary>
    public static IAsyncEnumerable<ComingUpRow> EveryComingUp(this PrisonDb db, int prisonId, IReadOnlyCollection<int>? prisonIds, DateTime untilUtc) =>
        Rows(ComingUpAt(db, prisonId, prisonIds, untilUtc)).AsAsyncEnumerable();

    /// <summary>The current prisoners of the prison, within reach, whose forecast falls by the instant, earliest first.</summary>
    private static IQueryable<Prisoner> ComingUpAt(PrisonDb db, int prisonId, IReadOnlyCollection<int>? prisonIds, DateTime untilUtc)
    {
        var stays = db.Set<Stay>().Where(CurrentStayCondition.Is).Where(s => s.PrisonId == prisonId);
        if (prisonIds is not null)
        {
            stays = stays.Where(s => prisonIds.Contains(s.PrisonId));
        }

        return ComingUpCounts.Forecasts(db, untilUtc).Where(p => stays.Any(s => EF.Property<Guid>(s, PrisonerConfiguration.PrisonerKey) == p.Id))
            .OrderBy(p => EF.Property<DateTime?>(p, PrisonerConfiguration.ForecastAt)).ThenBy(p => p.Number);
    }

    private static IQueryable<ComingUpRow> Rows(IQueryable<Prisoner> forecasts) =>
        forecasts.Select(p => new ComingUpRow(
            p.Id,
            p.Number,
            p.Name,
            EF.Property<DateTime?>(p, PrisonerConfiguration.ForecastAt)!.Value,
            p.DangerStatus,
            EF.Property<DangerStatus?>(p, PrisonerConfiguration.ForecastStatus)!.Value,
            RuleFacts.FromJson(EF.Property<string>(p, PrisonerConfiguration.ForecastCame)),
            RuleFacts.FromJson(EF.Property<string>(p, PrisonerConfiguration.ForecastWent))));
}
