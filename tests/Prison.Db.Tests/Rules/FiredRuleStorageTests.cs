using Microsoft.EntityFrameworkCore;
using Prison.Db.Reads;
using Prison.Db.RuleSettings;
using Prison.Db.Writes;
using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Rules;

/// <summary>verdict_rule follows prisoner.danger_reasons whatever writes it; the verdict write stays one statement.</summary>
public class FiredRuleStorageTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_fired_rules_are_stored_with_the_verdict_in_the_same_one_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await RulePopulation.SaveAsync(database, evaluate: false);
        var counter = new StatementCounter();
        await using (var db = database.Open(interceptors: counter))
        {
            await db.WriteVerdictsAsync(prisoners.Select(RulePopulation.Evaluated).ToList());
        }

        Assert.Equal(1, counter.Count);
        Assert.Equal(
            ["DisciplinaryNoticeInLast2Months", "NotConvicted", "WeaponFoundInLast12Months"],
            (await FiredAsync(database, "RW")).Order(StringComparer.Ordinal));
        Assert.Equal(["NotConvicted"], await FiredAsync(database, "R"));
        Assert.Empty(await FiredAsync(database, "H"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_change_to_the_record_clears_its_fired_rules_and_a_stale_verdict_does_not_bring_them_back(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await RulePopulation.SaveAsync(database);
        var stale = RulePopulation.Evaluated(prisoners[1]);
        await using (var db = database.Open())
        {
            var weapon = await db.LoadPrisonerAsync("W", Tracking.Tracked);
            weapon!.RecordDrugTest(TestDay.Today, DrugTestResult.Negative);
            await db.SaveRecordChangesAsync();
        }

        Assert.Empty(await FiredAsync(database, "W"));

        await using (var writer = database.Open())
        {
            Assert.Equal(0, await writer.WriteVerdictsAsync([stale]));
        }

        Assert.Empty(await FiredAsync(database, "W"));
        await using (var counts = database.Open())
        {
            Assert.Equal(1, (await counts.FiringCountsAsync())["WeaponFoundInLast12Months"]);
        }

        await using (var db = database.Open())
        {
            var current = await db.LoadPrisonerAsync("W", Tracking.Tracked);
            Assert.Equal(1, await db.WriteVerdictsAsync([RulePopulation.Evaluated(current!)]));
        }

        Assert.Equal(["DisciplinaryNoticeInLast2Months", "WeaponFoundInLast12Months"], (await FiredAsync(database, "W")).Order(StringComparer.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_verdict_made_with_another_rule_set_than_the_one_in_force_is_not_stored(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await RulePopulation.SaveAsync(database, evaluate: false);
        var narrower = new DangerEvaluator(RulePopulation.Evaluator.RuleSet.Without(["NotConvicted"]), new PrisonCalendar(TimeZoneInfo.Utc));
        await using var db = database.Open();
        await db.RecordRuleSetInForceAsync(narrower.RuleSet.Id, TestDay.Noon.UtcDateTime);

        var old = await db.WriteVerdictsAsync(prisoners.Select(RulePopulation.Evaluated).ToList());
        var current = await db.WriteVerdictsAsync(prisoners.Select(p => RulePopulation.Evaluated(p, narrower)).ToList());

        Assert.Equal(0, old);
        Assert.Equal(4, current);
        Assert.Empty(await FiredAsync(database, "R"));
    }

    [Fact]
    public async Task On_postgresql_a_verdict_write_racing_a_change_of_rule_set_waits_for_it_and_stores_nothing()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var prisoners = await RulePopulation.SaveAsync(database, evaluate: false);
        var narrower = RulePopulation.Evaluator.RuleSet.Without(["NotConvicted"]);
        await using (var setup = database.Open())
        {
            await setup.RecordRuleSetInForceAsync(RulePopulation.Evaluator.RuleSet.Id, TestDay.Noon.UtcDateTime);
        }

        // The admin's transaction has replaced the rule set but not committed when a worker holding the old one writes.
        // Under the execution strategy, as every transaction on PostgreSQL must be (the product's retry on transient faults).
        await using var admin = database.Open();
        await using var worker = database.Open();
        var stored = await admin.Database.CreateExecutionStrategy().ExecuteAsync(async () =>
        {
            await using var transaction = await admin.Database.BeginTransactionAsync();
            await admin.RecordRuleSetInForceAsync(narrower.Id, TestDay.Noon.UtcDateTime);
            var write = worker.WriteVerdictsAsync(prisoners.Select(RulePopulation.Evaluated).ToList());
            await Task.Delay(500);
            Assert.False(write.IsCompleted);

            await transaction.CommitAsync();
            return await write;
        });

        Assert.Equal(0, stored);
        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT COUNT(*) FROM prisoner WHERE danger_status <> 'Unknown'"));
    }

    private static async Task<IReadOnlyList<string>> FiredAsync(ScratchDatabase database, string number) =>
        (await database.RowsAsync($"SELECT r.rule_code FROM verdict_rule r JOIN prisoner p ON p.id = r.prisoner_id WHERE p.number = '{number}'"))
            .Select(r => r[0]).ToList();
}
