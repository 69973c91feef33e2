using Prison.Db.RuleSettings;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Runtime.Evaluation;

namespace Prison.Worker.Tests.Evaluation;

/// <summary>
/// A worker holding the rule set of before an admin's change (it read the settings before the change committed) must
/// not store verdicts made with it: its write is refused, it reads the settings again, and stores verdicts of the new one.
/// </summary>
public class StaleRuleSetTests
{
    private static readonly DateOnly Today = new(2026, 11, 20);
    private static readonly MovableClock Clock = new(new DateTimeOffset(2026, 11, 20, 12, 0, 0, TimeSpan.Zero));

    public static TheoryData<Engine> Engines => [Engine.PostgreSql, Engine.Sqlite];

    [Theory]
    [MemberData(nameof(Engines))]
    public async Task A_worker_holding_the_previous_rule_set_stores_verdicts_of_the_new_one_instead(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var remand = await OnRemandAsync(database);

        var stale = TestRules.Current();
        var admin = TestRules.Current();
        await using (var db = database.Open(Clock))
        {
            await db.RecordRuleSetInForceAsync(stale.RuleSet.Id, Clock.GetUtcNow().UtcDateTime);
            var setting = new RuleSetting { Code = "NotConvicted", Enabled = false, Reason = "test", ChangedBy = "admin", ChangedAtUtc = Clock.GetUtcNow().UtcDateTime };
            var applied = await db.ApplyRuleSettingAsync(setting, settings => admin.Compose(settings).Id);
            Assert.NotEqual(stale.RuleSet.Id, applied);
        }

        int stored;
        await using (var db = database.Open(Clock))
        {
            stored = await new PrisonerReevaluation(db, stale, Clock).ReevaluateAsync([remand.Id], CancellationToken.None);
        }

        var row = (await database.RowsAsync("SELECT danger_status, rule_set FROM prisoner")).Single();
        Assert.Equal(1, stored);
        Assert.DoesNotContain(stale.RuleSet.Rules, r => r.Code == "NotConvicted");
        Assert.Equal(["NotDangerous", stale.RuleSet.Id], row);
        Assert.Equal(stale.RuleSet.Id, await database.ScalarAsync<string>("SELECT rule_set FROM rule_set_in_force"));
    }

    [Theory]
    [MemberData(nameof(Engines))]
    public async Task A_batch_made_with_the_previous_rule_set_is_evaluated_again_when_another_batch_took_up_the_new_one_meanwhile(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var remand = await OnRemandAsync(database);

        var interleaving = new CallsBackWhenEvaluated();
        var worker = TestRules.Current(interleaving);
        var previous = worker.RuleSet.Id;
        RuleSet applied;
        await using (var db = database.Open(Clock))
        {
            await db.RecordRuleSetInForceAsync(previous, Clock.GetUtcNow().UtcDateTime);
            var setting = new RuleSetting { Code = "NotConvicted", Enabled = false, Reason = "test", ChangedBy = "admin", ChangedAtUtc = Clock.GetUtcNow().UtcDateTime };
            await db.ApplyRuleSettingAsync(setting, settings => worker.Compose(settings).Id);
            applied = worker.Compose(await db.RuleSettingsAsync());
        }

        // While this batch is evaluated with the previous rule set, another one is refused and takes up the new one.
        interleaving.Meanwhile = () => worker.Use(applied);
        int stored;
        await using (var db = database.Open(Clock))
        {
            stored = await new PrisonerReevaluation(db, worker, Clock).ReevaluateAsync([remand.Id], CancellationToken.None);
        }

        Assert.NotEqual(previous, applied.Id);
        Assert.Equal(1, stored);
        Assert.Equal(["NotDangerous", applied.Id], (await database.RowsAsync("SELECT danger_status, rule_set FROM prisoner")).Single());
    }

    /// <summary>One prisoner on remand: dangerous while NotConvicted is enabled, not dangerous once it is disabled.</summary>
    private static async Task<Prisoner> OnRemandAsync(ScratchDatabase database)
    {
        var remand = Records.Harmless("R1", 1, Today.AddDays(-30));
        remand.ChangeLegalStatus(LegalStatus.Remand);
        await using var db = database.Open(Clock);
        db.Prisons.Add(Records.Prison());
        db.Prisoners.Add(remand);
        await db.SaveRecordChangesAsync();
        return remand;
    }
}
