using Microsoft.EntityFrameworkCore;
using Prison.Db.Identity;

namespace Prison.Db.Audit;

/// <summary>Entries about a user's account (a sign-in, an act on it): they concern the prisons the user works in.</summary>
public static class AccountAudit
{
    /// <summary>
    /// <paramref name="entry"/>, concerning the prisons <paramref name="account"/> works in as saved: the admins of those
    /// prisons read it. A user of every prison or of none, and no account at all, are headquarters' to read about.
    /// </summary>
    public static async Task<AuditEntry> ConcerningAccountAsync(this PrisonDb db, AuditEntry entry, StaffUser? account, CancellationToken cancellationToken)
    {
        List<int> prisons = account is null || account.AllPrisons
            ? []
            : await db.StaffUserPrisons.Where(p => p.UserId == account.Id).Select(p => p.PrisonId).ToListAsync(cancellationToken);
        return entry.Concerning(prisons);
    }
}
