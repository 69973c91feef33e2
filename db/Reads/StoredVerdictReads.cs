using Microsoft.EntityFrameworkCore;
using Prison.Db.Mappings;
using Prison.Db.Writes;

namespace Prison.Db.Reads;

public static class StoredVerdictReads
{
    /// <summary>The stored verdict of one prisoner, by key, in one statement; null for an unknown id.</summary>
    public static async Task<StoredVerdict?> StoredVerdictAsync(this PrisonDb db, Guid prisonerId, CancellationToken cancellationToken = default)
    {
        var row = await db.Prisoners.AsNoTracking()
            .Where(p => p.Id == prisonerId)
            .Select(p => new { p.DangerStatus, Facts = EF.Property<string>(p, PrisonerConfiguration.DangerFacts), p.EvaluatedAtUtc, p.ReevaluateAtUtc, p.RuleSet })
            .SingleOrDefaultAsync(cancellationToken);
        return row is null ? null : new StoredVerdict(row.DangerStatus, RuleFacts.FromJson(row.Facts), row.EvaluatedAtUtc, row.ReevaluateAtUtc, row.RuleSet);
    }
}
