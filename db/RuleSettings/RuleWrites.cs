using Microsoft.EntityFrameworkCore;
using Prison.Db.Audit;

namespace Prison.Db.RuleSettings;

public static class RuleWrites
{
    /// <summary>
    /// Stores an admin's choice for a rule and the rule set it brings into force, in one transaction. The rule set is
    /// composed from every stored setting read inside that transaction, so two admins applying at once both count.
    /// On PostgreSQL the row in force is locked first: changes are applied one after the other, and a verdict write
    /// (which locks it FOR SHARE) either finished before or sees the new rule set and stores nothing.
    /// </summary>
    public static Task<string> ApplyRuleSettingAsync(
        this PrisonDb db, RuleSetting setting, Func<IReadOnlyList<RuleSetting>, string> ruleSetOf, CancellationToken cancellationToken = default)
    {
        // Made once: an attempt made again after a fault inserts the same entry, never a second one.
        var audit = setting.Enabled ? AuditEntry.RuleEnabled(setting.Code, setting.Reason) : AuditEntry.RuleDisabled(setting.Code, setting.Reason);
        return db.InTransactionAsync(
            async token =>
            {
                if (db.IsPostgreSql)
                {
                    await db.Database.ExecuteSqlRawAsync("SELECT 1 FROM rule_set_in_force FOR UPDATE", token);
                }

                var stored = await db.Set<RuleSetting>().SingleOrDefaultAsync(s => s.Code == setting.Code, token);
                if (stored is null)
                {
                    db.Add(setting);
                }
                else
                {
                    stored.Enabled = setting.Enabled;
                    stored.Reason = setting.Reason;
                    stored.ChangedBy = setting.ChangedBy;
                    stored.ChangedAtUtc = setting.ChangedAtUtc;
                }

                db.AuditEntries.Add(audit);
                await db.SaveChangesAsync(token);
                var settings = await db.Set<RuleSetting>().AsNoTracking().ToListAsync(token);
                var ruleSet = ruleSetOf(settings);
                await db.RecordRuleSetInForceAsync(ruleSet, setting.ChangedAtUtc, token);
                return ruleSet;
            },
            cancellationToken);
    }

    /// <summary>Records the rule set in force; true when it was another one (or none) before.</summary>
    public static async Task<bool> RecordRuleSetInForceAsync(this PrisonDb db, string ruleSet, DateTime nowUtc, CancellationToken cancellationToken = default)
    {
        var changed = await db.Database.ExecuteSqlAsync($"""
            INSERT INTO rule_set_in_force (id, rule_set, changed_at) VALUES ({RuleSetInForce.TheRow}, {ruleSet}, {nowUtc})
            ON CONFLICT (id) DO UPDATE SET rule_set = excluded.rule_set, changed_at = excluded.changed_at
            WHERE rule_set_in_force.rule_set <> excluded.rule_set
            """, cancellationToken);
        return changed > 0;
    }
}
