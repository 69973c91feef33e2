using Microsoft.EntityFrameworkCore;
using Prison.Db.Mappings;
using Prison.Db.Rules;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Reads;

/// <summary>
/// The dashboard's reads. Each is ONE statement whatever the number of rules, served by the partial index
/// on a prison's current stays by arrival date (imprisonment_current_by_arrival).
/// </summary>
public static class DashboardReads
{
    public const int PageSize = 10;

    /// <summary>The most recent arrivals among a prison's current stays, newest first; optionally the dangerous ones only.</summary>
    public static async Task<IReadOnlyList<ArrivalRow>> LatestArrivalsAsync(
        this PrisonDb db, int prisonId, bool dangerousOnly = false, CancellationToken cancellationToken = default)
    {
        var rows = await (
                from stay in CurrentStays(db, prisonId)
                join prisoner in db.Prisoners.AsNoTracking() on EF.Property<Guid>(stay, PrisonerConfiguration.PrisonerKey) equals prisoner.Id
                where !dangerousOnly || prisoner.DangerStatus == DangerStatus.Dangerous
                orderby stay.ArrivalDate descending, prisoner.Number
                select new
                {
                    prisoner.Id,
                    prisoner.Number,
                    prisoner.Name,
                    prisoner.LegalStatus,
                    stay.ArrivalDate,
                    prisoner.DangerStatus,
                    Reasons = EF.Property<string>(prisoner, PrisonerConfiguration.DangerReasonCodes),
                    prisoner.RuleSet,
                    FromEarlierRuleSet = prisoner.RuleSet != null && db.Set<RuleSetInForce>().Any(f => f.RuleSet != prisoner.RuleSet),
                })
            .Take(PageSize)
            .ToListAsync(cancellationToken);
        return rows.Select(r => new ArrivalRow(r.Id, r.Number, r.Name, r.LegalStatus, r.ArrivalDate, r.DangerStatus, RuleCodes.Parse(r.Reasons), r.RuleSet, r.FromEarlierRuleSet)).ToList();
    }

    public static async Task<StatusCounts> StatusCountsAsync(this PrisonDb db, int prisonId, CancellationToken cancellationToken = default)
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
