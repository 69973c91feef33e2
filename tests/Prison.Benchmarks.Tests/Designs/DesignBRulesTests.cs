using Prison.Benchmarks.Designs;
using Prison.Domain;

namespace Prison.Benchmarks.Tests.Designs;

public sealed class DesignBRulesTests
{
    [Fact]
    public async Task Design_B_and_the_domain_evaluator_agree_on_who_is_dangerous()
    {
        await using var data = new TinyDataSet(2000);
        await data.Database.EnsureReadyAsync(CancellationToken.None);
        var designB = new DesignB(BenchmarkRules.RuleSet().Rules.Select(r => r.Code).ToList());
        var today = BenchmarkRules.Today();
        await using var connection = data.Database.Connect();
        await connection.OpenAsync();
        var stored = new Dictionary<Guid, bool>();
        await using (var db = data.Database.Open())
        {
            foreach (var p in db.Prisoners.Select(p => new { p.Id, p.DangerStatus }))
            {
                stored[p.Id] = p.DangerStatus == DangerStatus.Dangerous;
            }
        }

        var compared = 0;
        for (var prison = 1; prison <= Prison.Benchmarks.Data.DataGenerator.PrisonCount; prison++)
        {
            foreach (var (id, dangerous) in await DesignB.RunAsync(connection, designB.AllFlags, prison, today, CancellationToken.None))
            {
                var saysB = (bool)dangerous ? "dangerous" : "not dangerous";
                Assert.True(stored[(Guid)id] == (bool)dangerous, $"Prisoner {id}: design B says {saysB}, the domain's evaluator the opposite.");
                compared++;
            }
        }

        Assert.True(compared > 1500, $"Only {compared} current prisoners compared.");
        Assert.Contains(true, stored.Values);
        Assert.Contains(false, stored.Values);
    }

    [Fact]
    public void Design_B_has_SQL_for_every_rule_of_the_catalogue()
    {
        var missing = Prison.Domain.Evaluation.RuleCatalog.BuiltIn().Select(r => r.Code).Where(c => !DesignBRules.ByCode.ContainsKey(c)).ToList();

        Assert.Empty(missing);
    }
}
