using Microsoft.EntityFrameworkCore;
using Prison.Domain;

namespace Prison.Db.Reads;

/// <summary>
/// Loads whole Prisoner aggregates: one statement for the prisoners and one for each collection of their
/// record, whatever the number of prisoners or the size of their records. One joined query would multiply
/// rows across seventeen collections.
/// </summary>
public static class AggregateReads
{
    public static IQueryable<Prisoner> WithRecord(this IQueryable<Prisoner> prisoners) =>
        prisoners
            .Include(p => p.Imprisonments)
            .Include(p => p.DisciplinaryNotices)
            .Include(p => p.Charges)
            .Include(p => p.WithdrawalEpisodes)
            .Include(p => p.Requests)
            .Include(p => p.CourtHearings)
            .Include(p => p.Detainers)
            .Include(p => p.SegregationPeriods)
            .Include(p => p.EscapeRecords)
            .Include(p => p.ThreatGroupMemberships)
            .Include(p => p.IntelligenceReports)
            .Include(p => p.DrugTests)
            .Include(p => p.SelfHarmWatches)
            .Include(p => p.PsychiatricEpisodes)
            .Include(p => p.MedicationStops)
            .Include(p => p.VisitBans)
            .Include(p => p.ContactOrderBreaches)
            .AsSplitQuery();

    /// <summary>Read-only aggregates for evaluation.</summary>
    public static async Task<IReadOnlyList<Prisoner>> LoadForEvaluationAsync(
        this PrisonDb db, IReadOnlyCollection<Guid> prisonerIds, CancellationToken cancellationToken = default) =>
        await db.Prisoners.AsNoTracking().Where(p => prisonerIds.Contains(p.Id)).WithRecord().ToListAsync(cancellationToken);

    /// <summary>One tracked aggregate, to change it; null when no prisoner has that number.</summary>
    public static Task<Prisoner?> LoadForChangeAsync(this PrisonDb db, string number, CancellationToken cancellationToken = default) =>
        db.Prisoners.Where(p => p.Number == number).WithRecord().SingleOrDefaultAsync(cancellationToken);
}
