using Microsoft.EntityFrameworkCore;
using Prison.Db.Audit;
using Prison.Db.RuleSettings;

namespace Prison.Db.Tests.Rules;

public class RuleReadsTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task How_many_prisoners_each_rule_fires_for_is_counted_in_one_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await RulePopulation.SaveAsync(database);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var counts = await db.FiringCountsAsync();

        Assert.Equal(1, counter.Count);
        Assert.Equal(
            new Dictionary<string, int> { ["DisciplinaryNoticeInLast2Months"] = 2, ["NotConvicted"] = 2, ["WeaponFoundInLast12Months"] = 2 },
            counts.OrderBy(c => c.Key, StringComparer.Ordinal).ToDictionary());
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Disabling_a_rule_is_previewed_as_the_prisoners_dangerous_by_it_alone_in_one_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await RulePopulation.SaveAsync(database);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var byNotConvicted = await db.DangerousOnlyByAsync("NotConvicted");
        var byWeapon = await db.DangerousOnlyByAsync("WeaponFoundInLast12Months");

        Assert.Equal(2, counter.Count);
        Assert.Equal(1, byNotConvicted);
        Assert.Equal(0, byWeapon);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_rule_set_in_force_is_recorded_once_and_replaced_when_it_changes(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();

        Assert.Null(await db.RuleSetInForceAsync());
        Assert.True(await db.RecordRuleSetInForceAsync("aaaa", TestDay.Noon.UtcDateTime));
        Assert.False(await db.RecordRuleSetInForceAsync("aaaa", TestDay.Noon.UtcDateTime));
        Assert.True(await db.RecordRuleSetInForceAsync("bbbb", TestDay.Noon.UtcDateTime));
        Assert.Equal("bbbb", await db.RuleSetInForceAsync());
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Applying_a_setting_stores_who_when_and_why_and_the_rule_set_it_makes(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.OpenAs("alice"))
        {
            var setting = new RuleSetting { Code = "NotConvicted", Enabled = false, Reason = "too broad", ChangedBy = "alice", ChangedAtUtc = TestDay.Noon.UtcDateTime };
            var ruleSet = await db.ApplyRuleSettingAsync(setting, settings => string.Join(',', settings.Select(s => $"{s.Code[..3]}={s.Enabled}")));
            Assert.Equal("Not=False", ruleSet);
        }

        await using var read = database.Open();
        var stored = Assert.Single(await read.RuleSettingsAsync());
        Assert.Equal(("NotConvicted", false, "too broad", "alice", TestDay.Noon.UtcDateTime), (stored.Code, stored.Enabled, stored.Reason, stored.ChangedBy, stored.ChangedAtUtc));
        Assert.Equal("Not=False", await read.RuleSetInForceAsync());
        var audited = Assert.Single(await read.AuditEntries.AsNoTracking().ToListAsync());
        Assert.Equal((AuditAction.RuleDisabled, "alice", "Disabled rule NotConvicted: too broad"), (audited.Action, audited.UserName, audited.Summary));
    }
}
