using Microsoft.EntityFrameworkCore;
using Prison.Db.Audit;

namespace Prison.Db.Rules;

/// <summary>Approving and revoking rules assemblies, each with its audit entry in the same transaction.</summary>
public static class RuleAssemblyWrites
{
    /// <summary>Stores the approval and its audit entry; false, with nothing written, when that hash is approved already.</summary>
    public static Task<bool> ApproveRuleAssemblyAsync(this PrisonDb db, RuleAssemblyApproval approval, CancellationToken cancellationToken = default)
    {
        // Made once: an attempt made again after a fault inserts the same entry, never a second one.
        var audit = AuditEntry.RuleAssemblyApproved(approval.FileName, approval.Sha256, approval.Rules);
        return db.InTransactionAsync(
            async token =>
            {
                if (await db.Set<RuleAssemblyApproval>().AnyAsync(a => a.Sha256 == approval.Sha256, token))
                {
                    return false;
                }

                db.Add(approval);
                db.AuditEntries.Add(audit);
                await db.SaveChangesAsync(token);
                return true;
            },
            cancellationToken);
    }

    /// <summary>Deletes the approval and records who revoked it; false, with nothing written, when that hash has none.</summary>
    public static Task<bool> RevokeRuleAssemblyAsync(this PrisonDb db, string sha256, CancellationToken cancellationToken = default) =>
        db.InTransactionAsync(
            async token =>
            {
                if (await db.Set<RuleAssemblyApproval>().SingleOrDefaultAsync(a => a.Sha256 == sha256, token) is not { } approval)
                {
                    return false;
                }

                db.Remove(approval);
                db.AuditEntries.Add(AuditEntry.RuleAssemblyRevoked(approval.FileName, approval.Sha256));
                await db.SaveChangesAsync(token);
                return true;
            },
            cancellationToken);
}
