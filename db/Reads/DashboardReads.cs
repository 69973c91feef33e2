using Microsoft.EntityFrameworkCore;
using Prison.Db.Mappings;
using Prison.Db.Rules;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Reads;

/// <summary>
/// The dashboard's reads. Each is ONE statement whatever the number of rules: the arrivals are served by the partial
/// index on a prison's current stays by arrival date (imprisonment_current_by_arrival), the counts by status by the
/// few rows of prison_status_count that triggers keep at write time.
/// </summary>
public static class DashboardReads
{
    public const int PageSize = 10;

    /// <summary>
    /// A prison's dashboard in one statement: the most recent arrivals among its current stays, newest first (optionally
    /// the dangerous ones only), each row carrying the prison's counts by status. Only when there is no row to carry
    /// them (nobody held, or nobody dangerous) are the counts read by a second statement.
    /// </summary>
    public static async Task<PrisonDashboard> DashboardAsync(
        this PrisonDb db, int prisonId, bool dangerousOnly = false, CancellationToken cancellationToken = default)
    {
        var rows = new List<ArrivalRow>(PageSize);
        StatusCounts? counts = null;
        await foreach (var row in DashboardQueries.For(db.Model).LatestArrivals(db, prisonId, dangerousOnly).WithCancellation(cancellationToken))
        {
            rows.Add(row.Arrival);
            counts ??= row.Counts;
        }

        return new PrisonDashboard(counts ?? await db.StatusCountsAsync(prisonId, cancellationToken), rows);
    }

    /// <summary>
    /// How many of the prison's current prisoners stand at each status: the sum of the prison's rows of
    /// prison_status_count, which triggers keep in the transaction of every write (migration 009). One statement
    /// reading at most 16 rows by key, however many prisoners the prison holds.
    /// </summary>
    public static async Task<StatusCounts> StatusCountsAsync(this PrisonDb db, int prisonId, CancellationToken cancellationToken = default) =>
        await DashboardQueries.For(db.Model).PrisonCounts(db, prisonId, cancellationToken) ?? new StatusCounts(0, 0, 0);

    /// <summary>
    /// The same counts computed from the prison's current stays and their prisoners' statuses: a GROUP BY over every
    /// current stay of the prison, about 0.7 s for 45,000 of them. The slow reference that the maintained counts
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

    private static IQueryable<Imprisonment> CurrentStays(PrisonDb db, int prisonId) =>
        db.Set<Imprisonment>().AsNoTracking().Where(stay => stay.PrisonId == prisonId && stay.LeftOn == null && stay.Strike == null);
}
