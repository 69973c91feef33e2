using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.History;

namespace Prison.Web.Pages.Prisoners;

/// <summary>The prisoner page's read of the verdict history (migration 013): ONE statement (verdict_change_by_prisoner).</summary>
public static class VerdictHistoryReads
{
    public const int PrisonerPageSize = 50;

    /// <summary>A prisoner's latest verdict changes, newest first; one row more than shown is read to know whether older ones exist.</summary>
    public static async Task<PrisonerHistory> VerdictHistoryAsync(this PrisonDb db, Guid prisonerId, CancellationToken cancellationToken = default)
    {
        var changes = await db.Set<VerdictChange>().AsNoTracking()
            .Where(c => c.PrisonerId == prisonerId)
            .OrderByDescending(c => c.AtUtc).ThenByDescending(c => c.Id)
            .Take(PrisonerPageSize + 1)
            .ToListAsync(cancellationToken);
        return new PrisonerHistory([.. changes.Take(PrisonerPageSize)], changes.Count > PrisonerPageSize);
    }
}
