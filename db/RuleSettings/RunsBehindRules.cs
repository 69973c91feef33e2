using Microsoft.EntityFrameworkCore;
using Prison.Db.Runs;

namespace Prison.Db.RuleSettings;

public static class RunsBehindRules
{
    /// <summary>
    /// Whether the run has finished having started under a rule set that is no longer in force (an admin applied a
    /// change while it went on, and the change joined it): then its first batches were evaluated with the old rules.
    /// </summary>
    public static Task<bool> FinishedBehindTheRulesAsync(this PrisonDb db, Guid runId, CancellationToken cancellationToken = default) =>
        db.Set<ReevaluationRun>().AsNoTracking()
            .Where(r => r.Id == runId && r.IsCurrent == null)
            .AnyAsync(r => db.Set<RuleSetInForce>().Any(f => f.RuleSet != r.RuleSet), cancellationToken);
}
