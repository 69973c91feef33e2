using Prison.Db.Reads;
using Prison.Db.RuleSettings;
using Prison.Db.Tests.Rules;

namespace Prison.Db.Tests.Reads;

public class DashboardRuleSetTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Rows_whose_verdict_came_from_a_previous_rule_set_are_marked_in_the_same_one_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var prisoners = await RulePopulation.SaveAsync(database);
        await using var db = database.Open();
        await db.RecordRuleSetInForceAsync(RulePopulation.Evaluator.RuleSet.Id, TestDay.Noon.UtcDateTime);
        Assert.All((await db.DashboardAsync(prisonId: 1)).Rows, row => Assert.False(row.FromEarlierRuleSet));

        await db.RecordRuleSetInForceAsync("0123456789abcdef", TestDay.Noon.UtcDateTime);
        var counter = new StatementCounter();
        await using var read = database.Open(interceptors: counter);
        var rows = (await read.DashboardAsync(prisonId: 1)).Rows;

        Assert.Equal(1, counter.Count);
        Assert.Equal(prisoners.Count, rows.Count);
        Assert.All(rows, row => Assert.True(row.FromEarlierRuleSet));
    }
}
