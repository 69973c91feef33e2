using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Mappings;
using Prison.Db.Reads;
using Prison.Db.Writes;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners;

public static class StoredVerdictReads
{
    /// <summary>
    /// The stored verdict of one prisoner, by key, in one statement; null for an unknown id, and for a prisoner not
    /// held now at one of <paramref name="prisonIds"/> (null: every prisoner), checked in the same statement.
    /// </summary>
    public static async Task<StoredVerdict?> StoredVerdictAsync(
        this PrisonDb db, Guid prisonerId, IReadOnlyCollection<int>? prisonIds, CancellationToken cancellationToken = default)
    {
        var prisoners = db.Prisoners.AsNoTracking().Where(p => p.Id == prisonerId);
        if (prisonIds is not null)
        {
            prisoners = prisoners.Where(p => db.Set<Stay>().Where(CurrentStayCondition.Is).Any(s =>
                EF.Property<Guid>(s, PrisonerConfiguration.PrisonerKey) == p.Id && prisonIds.Contains(s.PrisonId)));
        }

        var row = await prisoners
            .Select(p => new { p.DangerStatus, Facts = EF.Property<string>(p, PrisonerConfiguration.DangerFacts), p.EvaluatedAtUtc, p.ReevaluateAtUtc, p.RuleSet })
            .SingleOrDefaultAsync(cancellationToken);
        return row is null ? null : new StoredVerdict(row.DangerStatus, RuleFacts.FromJson(row.Facts), row.EvaluatedAtUtc, row.ReevaluateAtUtc, row.RuleSet);
    }

    /// <summary>
    /// The number of the prisoner of this id, whoever holds them, null when there is none: for telling a poll beyond the
    /// user's prisons from a poll of nobody, after <see cref="StoredVerdictAsync"/> found nothing within reach.
    /// </summary>
    public static Task<string?> PrisonerNumberAsync(this PrisonDb db, Guid prisonerId, CancellationToken cancellationToken = default) =>
        db.Prisoners.AsNoTracking().Where(p => p.Id == prisonerId).Select(p => (string?)p.Number).FirstOrDefaultAsync(cancellationToken);
}
