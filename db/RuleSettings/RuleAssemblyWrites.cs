using Microsoft.EntityFrameworkCore;
using Prison.Db.Audit;

namespace Prison.Db.RuleSettings;

/// <summary>
/// Approving and revoking rules assemblies, each with its audit entry in the same transaction. Of two admins acting on
/// the same hash at once, the database lets one write and the other finds nothing to do: one entry, never an error.
/// </summary>
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
                var inserted = await db.Database.ExecuteSqlAsync($"""
                    INSERT INTO rule_assembly_approval (sha256, file_name, rules, approved_by, approved_at)
                    VALUES ({approval.Sha256}, {approval.FileName}, {approval.Rules}, {approval.ApprovedBy}, {approval.ApprovedAtUtc})
                    ON CONFLICT (sha256) DO NOTHING
                    """, token);
                if (inserted == 0)
                {
                    return false;
                }

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
                var approvals = db.Set<RuleAssemblyApproval>().Where(a => a.Sha256 == sha256);
                if (await approvals.AsNoTracking().SingleOrDefaultAsync(token) is not { } approval || await approvals.ExecuteDeleteAsync(token) == 0)
                {
                    return false;
                }

                db.AuditEntries.Add(AuditEntry.RuleAssemblyRevoked(approval.FileName, approval.Sha256));
                await db.SaveChangesAsync(token);
                return true;
            },
            cancellationToken);
}
