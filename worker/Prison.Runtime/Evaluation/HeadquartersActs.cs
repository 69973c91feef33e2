using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Identity;

namespace Prison.Runtime.Evaluation;

/// <summary>
/// The rule set and the rules assemblies are the same for every prison: only someone who reaches every prison
/// (headquarters, or a process) changes them. Checked where the change is made, whichever page or command asks.
/// </summary>
public static class HeadquartersActs
{
    /// <param name="what">What was asked, for the audit log: "approve the rules assembly X.dll".</param>
    public static async Task EnsureAsync(PrisonDb db, ActorReach reach, string what, CancellationToken cancellationToken)
    {
        if (reach.ReachesEveryPrison)
        {
            return;
        }

        db.AuditEntries.Add(AuditEntry.Refused(null, $"{what}, which only an admin of every prison may do"));
        await db.SaveChangesAsync(cancellationToken);
        throw new ChangeRefusedException("Only an admin of every prison (headquarters) can change the rules or approve a rules assembly: nothing was changed.", tried: what);
    }
}
