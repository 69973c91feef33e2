using Microsoft.EntityFrameworkCore;

namespace Prison.Db.RuleSettings;

/// <summary>The rules page's reads, each ONE statement whatever the number of rules or prisoners.</summary>
public static class RuleReads
{
    /// <summary>How many prisoners each rule fires for in the stored verdicts; rules that fire for nobody are left out.</summary>
    public static async Task<IReadOnlyDictionary<string, int>> FiringCountsAsync(this PrisonDb db, CancellationToken cancellationToken = default) =>
        await db.Set<VerdictRule>().AsNoTracking()
            .GroupBy(r => r.RuleCode)
            .Select(g => new { Code = g.Key, Count = g.Count() })
            .ToDictionaryAsync(g => g.Code, g => g.Count, StringComparer.Ordinal, cancellationToken);

    /// <summary>
    /// Prisoners Dangerous only because of this rule in their stored verdict: the ones disabling it would make Not dangerous.
    /// </summary>
    public static Task<int> DangerousOnlyByAsync(this PrisonDb db, string code, CancellationToken cancellationToken = default) =>
        db.Set<VerdictRule>().AsNoTracking()
            .Where(r => r.RuleCode == code && !db.Set<VerdictRule>().Any(other => other.PrisonerId == r.PrisonerId && other.RuleCode != code))
            .CountAsync(cancellationToken);

    public static async Task<IReadOnlyList<RuleSetting>> RuleSettingsAsync(this PrisonDb db, CancellationToken cancellationToken = default) =>
        await db.Set<RuleSetting>().AsNoTracking().ToListAsync(cancellationToken);

    /// <summary>The fingerprint of the rule set in force, or null before any process has recorded one.</summary>
    public static Task<string?> RuleSetInForceAsync(this PrisonDb db, CancellationToken cancellationToken = default) =>
        db.Set<RuleSetInForce>().AsNoTracking().Where(r => r.Id == RuleSetInForce.TheRow).Select(r => r.RuleSet).SingleOrDefaultAsync(cancellationToken);

    /// <summary>Whether any stored verdict was made with another rule set than this one.</summary>
    public static Task<bool> AnyVerdictNotFromAsync(this PrisonDb db, string ruleSetId, CancellationToken cancellationToken = default) =>
        db.Prisoners.AsNoTracking().AnyAsync(p => p.RuleSet != null && p.RuleSet != ruleSetId, cancellationToken);

    /// <summary>Every approved rules assembly, in the order of their file names (one statement).</summary>
    public static async Task<IReadOnlyList<RuleAssemblyApproval>> RuleAssemblyApprovalsAsync(this PrisonDb db, CancellationToken cancellationToken = default) =>
        await db.Set<RuleAssemblyApproval>().AsNoTracking().OrderBy(a => a.FileName).ThenBy(a => a.Sha256).ToListAsync(cancellationToken);
}
