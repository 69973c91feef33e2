using Microsoft.EntityFrameworkCore;
using Prison.Db.Mappings;
using Prison.Db.RuleSettings;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Reads;

/// <summary>
/// The reads over a prison's current prisoners: its dashboard, the poll that keeps an open dashboard true, and the
/// full list page by page. Each is ONE statement whatever the number of rules: the arrivals are served by the partial
/// index on a prison's current stays by arrival date (imprisonment_current_by_arrival), the counts by status and the
/// stamp by the few rows of prison_status_count that triggers keep at write time.
/// </summary>
public static class DashboardReads
{
    /// <summary>The dashboard's rows: the ten latest arrivals.</summary>
    public const int PageSize = 10;

    /// <summary>The end of a span no forecast falls in: the lists count nobody coming up.</summary>
    private static readonly DateTime Nobody = DateTime.SpecifyKind(DateTime.UnixEpoch, DateTimeKind.Utc);

    /// <summary>The rows of a page of the full list of a prison's current prisoners.</summary>
    public const int ListPageSize = 50;

    /// <summary>
    /// A prison's dashboard in one statement: the most recent arrivals among its current stays, newest first, with the
    /// prison's counts by status and its stamp, read together (one snapshot) whether or not anyone is held.
    /// </summary>
    /// <param name="comingUpUntilUtc">the end of the span of <see cref="PrisonDashboard.ComingUp"/>; null counts nobody.</param>
    public static async Task<PrisonDashboard> DashboardAsync(
        this PrisonDb db, int prisonId, CancellationToken cancellationToken = default, DateTime? comingUpUntilUtc = null) =>
        (await DashboardIfChangedAsync(db, prisonId, DashboardStamp.Never, cancellationToken, comingUpUntilUtc)).Changed!;

    /// <summary>
    /// The poll of an open dashboard, in one statement: the prison's stamp, and no dashboard when the stamp is still
    /// <paramref name="since"/> (the dashboard shows what the page shows; reading that costs the prison's few rows of
    /// counts and nothing else), else the dashboard as it is now.
    /// </summary>
    public static async Task<PolledDashboard> DashboardIfChangedAsync(
        this PrisonDb db, int prisonId, DashboardStamp since, CancellationToken cancellationToken = default, DateTime? comingUpUntilUtc = null)
    {
        var lines = await ToListAsync(
            DashboardQueries.For(db.Model).FirstPage(db, prisonId, status: null, PageSize, since, comingUpUntilUtc ?? Nobody), cancellationToken);
        var totals = Totals(lines);
        return new PolledDashboard(
            totals.Stamp, totals.Stamp == since ? null : new PrisonDashboard(totals.Counts, Arrivals(lines), totals.Stamp, totals.ComingUp));
    }

    /// <summary>
    /// A page of the prison's current prisoners, newest arrival first (by number within a day), all of them or those at
    /// <paramref name="status"/>, starting after <paramref name="after"/> (keyset paging: a page costs the same however
    /// deep it is), in one statement with the prison's counts.
    /// </summary>
    public static async Task<CurrentPrisonersPage> CurrentPrisonersAsync(
        this PrisonDb db, int prisonId, DangerStatus? status, ArrivalCursor? after = null, int pageSize = ListPageSize, CancellationToken cancellationToken = default)
    {
        // One more than a page: whether it comes says whether there is a next page.
        var queries = DashboardQueries.For(db.Model);
        var lines = await ToListAsync(
            after is null
                ? queries.ListPage(db, prisonId, status, pageSize + 1)
                : queries.PageAfter(db, prisonId, status, pageSize + 1, after),
            cancellationToken);
        var arrivals = Arrivals(lines);
        var rows = arrivals.Take(pageSize).ToList();
        return new CurrentPrisonersPage(Totals(lines).Counts, rows, arrivals.Count > pageSize ? ArrivalCursor.After(rows[^1]) : null);
    }

    /// <summary>
    /// Every current prisoner of the prison (all, or those at <paramref name="status"/>) in the order of the list's
    /// pages, as ONE statement whose rows come as they are read (for a download): nothing is gathered in memory, however
    /// many the prison holds. The rows are those <see cref="CurrentPrisonersAsync"/> shows, without paging.
    /// </summary>
    public static IAsyncEnumerable<ArrivalRow> EveryCurrentPrisoner(this PrisonDb db, int prisonId, DangerStatus? status) =>
        (from stay in CurrentStays(db, prisonId)
         join prisoner in db.Prisoners.AsNoTracking() on EF.Property<Guid>(stay, PrisonerConfiguration.PrisonerKey) equals prisoner.Id
         where status == null || prisoner.DangerStatus == status
         orderby stay.ArrivalDate descending, prisoner.Number
         select new ArrivalRow(
             prisoner.Id,
             prisoner.Number,
             prisoner.Name,
             prisoner.LegalStatus,
             stay.ArrivalDate,
             prisoner.DangerStatus,
             RuleCodes.Parse(EF.Property<string>(prisoner, PrisonerConfiguration.DangerReasonCodes)),
             prisoner.RuleSet,
             prisoner.RuleSet != null && db.Set<RuleSetInForce>().Any(f => f.RuleSet != prisoner.RuleSet)))
        .AsAsyncEnumerable();

    /// <summary>
    /// How many of the prison's current prisoners stand at each status: the sum of the prison's rows of
    /// prison_status_count, which triggers keep in the transaction of every write (migration 009). One statement
    /// reading at most 16 rows by key, however many prisoners the prison holds.
    /// </summary>
    public static async Task<StatusCounts> StatusCountsAsync(this PrisonDb db, int prisonId, CancellationToken cancellationToken = default) =>
        await DashboardQueries.For(db.Model).PrisonCounts(db, prisonId, cancellationToken) ?? new StatusCounts(0, 0, 0);

    /// <summary>
    /// The same counts computed from the prison's current stays and their prisoners' statuses: a GROUP BY over every
    /// current stay of the prison, slow for a large prison. The reference that the maintained counts
    /// (<see cref="StatusCountsAsync"/>) must always equal: for tests and for checking the counts, never for a page.
    /// </summary>
    public static async Task<StatusCounts> StatusCountsFromStaysAsync(this PrisonDb db, int prisonId, CancellationToken cancellationToken = default)
    {
        var counts = await (
                from stay in CurrentStays(db, prisonId)
                join prisoner in db.Prisoners.AsNoTracking() on EF.Property<Guid>(stay, PrisonerConfiguration.PrisonerKey) equals prisoner.Id
                group prisoner by prisoner.DangerStatus into byStatus
                select new { Status = byStatus.Key, Count = byStatus.Count() })
            .ToDictionaryAsync(g => g.Status, g => g.Count, cancellationToken);
        return new StatusCounts(
            counts.GetValueOrDefault(DangerStatus.Dangerous),
            counts.GetValueOrDefault(DangerStatus.NotDangerous),
            counts.GetValueOrDefault(DangerStatus.Unknown));
    }

    /// <summary>The stored statuses of any number of prisoners, in one statement (unknown ids are left out).</summary>
    public static async Task<IReadOnlyList<PrisonerStatus>> StatusesAsync(
        this PrisonDb db, IReadOnlyCollection<Guid> prisonerIds, CancellationToken cancellationToken = default)
    {
        var rows = await db.Prisoners.AsNoTracking()
            .Where(p => prisonerIds.Contains(p.Id))
            .Select(p => new { p.Id, p.DangerStatus, Reasons = EF.Property<string>(p, PrisonerConfiguration.DangerReasonCodes) })
            .ToListAsync(cancellationToken);
        return rows.Select(r => new PrisonerStatus(r.Id, r.DangerStatus, RuleCodes.Parse(r.Reasons))).ToList();
    }

    /// <summary>The counts and stamp every line carries; a prison that does not exist has none, and nobody.</summary>
    private static DashboardLine Totals(List<DashboardLine> lines) =>
        lines.Count > 0 ? lines[0] : new DashboardLine(new StatusCounts(0, 0, 0), new DashboardStamp(0, null), null, 0);

    private static List<ArrivalRow> Arrivals(List<DashboardLine> lines) =>
        [.. lines.Where(l => l.Arrival is not null).Select(l => l.Arrival!)];

    private static async Task<List<DashboardLine>> ToListAsync(IAsyncEnumerable<DashboardLine> lines, CancellationToken cancellationToken)
    {
        var list = new List<DashboardLine>(PageSize);
        await foreach (var line in lines.WithCancellation(cancellationToken))
        {
            list.Add(line);
        }

        return list;
    }

    private static IQueryable<Stay> CurrentStays(PrisonDb db, int prisonId) =>
        db.Set<Stay>().AsNoTracking().Where(CurrentStayCondition.Is).Where(stay => stay.PrisonId == prisonId);
}
