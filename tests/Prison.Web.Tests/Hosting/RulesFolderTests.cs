using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Prison.Web.Hosting;
using Prison.Web.Tests.Pages.Admin;
using Prison.Web.Tests.Pages.Admin.Rules;
using Prison.Worker.Hosting;

namespace Prison.Web.Tests.Hosting;

public class RulesFolderTests
{
    [Fact]
    public async Task A_rule_from_an_assembly_dropped_in_the_rules_folder_is_listed_and_applied_by_the_reevaluation_its_arrival_starts()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var queuePrefix = ServerArguments.NewQueuePrefix();
        var clock = new MovableClock(DateTimeOffset.UtcNow);
        var today = DateOnly.FromDateTime(clock.GetUtcNow().UtcDateTime).AddDays(-1);
        var twice = Records.Harmless("S2", 1, today.AddDays(-60));
        var period = twice.Segregate(today.AddDays(-50), "fighting");
        twice.EndSegregation(period.Id, today.AddDays(-40));
        twice.Segregate(today.AddDays(-10), "threats to staff");
        var once = Records.Harmless("S1", 1, today.AddDays(-60));
        once.Segregate(today.AddDays(-50), "fighting");

        // Evaluated first by hosts without the folder, as before the assembly was dropped in.
        string ruleSetBefore;
        await using (var web = await RunningWeb.StartAsync(database, queuePrefix, clock))
        await using (var worker = await RunningWorker.StartAsync(database, queuePrefix, clock))
        {
            await ReadyAsync(worker.Address);
            await SeedAsync(database, clock, web, twice, once);

            await Eventually.Async(() => database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown'"), n => n == 0, "the first verdicts");
            ruleSetBefore = (await database.ScalarAsync<string>("SELECT rule_set FROM rule_set_in_force"))!;
        }

        using var folder = new RulesFolder().WithExampleRules();
        await using (var web = await RunningWeb.StartAsync(database, queuePrefix, clock, folder.Argument))
        await using (var worker = await RunningWorker.StartAsync(database, queuePrefix, clock, folder.Argument))
        {
            using var client = await AdminSession.ClientAsync(web);
            var page = await client.GetStringAsync("/admin/rules");
            await RuleForms.ReevaluatedAsync(database);

            Assert.Equal(("Yes", 1), RuleForms.RowOf(await client.GetStringAsync("/admin/rules"), RulesFolder.ExampleRule));
            Assert.Contains("Segregated twice or more", page);
        }

        var ruleSetAfter = await database.ScalarAsync<string>("SELECT rule_set FROM rule_set_in_force");
        var verdicts = (await database.RowsAsync("SELECT number, danger_reasons, rule_set FROM prisoner ORDER BY number")).ToList();
        Assert.NotEqual(ruleSetBefore, ruleSetAfter);
        Assert.Equal(["S1", "S2"], verdicts.Select(v => v[0]));
        Assert.All(verdicts, v => Assert.Equal(ruleSetAfter, v[2]));
        Assert.DoesNotContain(RulesFolder.ExampleRule, verdicts[0][1]);
        Assert.Contains(RulesFolder.ExampleRule, verdicts[1][1]);
    }

    [Fact]
    public async Task A_file_in_the_rules_folder_that_is_not_an_assembly_stops_the_start_with_one_sentence()
    {
        using var folder = new RulesFolder().WithFile("notes.dll", "not an assembly");

        var error = await Assert.ThrowsAsync<StartupException>(() => WebApp.BuildAsync([folder.Argument]));

        Assert.StartsWith($"Rules:Folder holds {Path.Combine(folder.Path, "notes.dll")}, which is not a .NET assembly", error.Message);
    }

    [Fact]
    public async Task A_rule_whose_code_another_rule_has_stops_the_start_with_one_sentence()
    {
        using var folder = new RulesFolder().WithExampleRules().WithExampleRules("Prison.ExampleRules.Copy.dll");

        var error = await Assert.ThrowsAsync<StartupException>(() => WebApp.BuildAsync([folder.Argument]));

        Assert.Contains($"The rule {RulesFolder.ExampleRule} in ", error.Message);
        Assert.Contains("has the same code as the rule Prison.ExampleRules.SegregatedTwiceOrMore", error.Message);
    }

    [Fact]
    public async Task A_rules_folder_that_does_not_exist_stops_the_start_with_one_sentence()
    {
        var error = await Assert.ThrowsAsync<StartupException>(() => WebApp.BuildAsync(["--Rules:Folder=/no/such/folder"]));

        Assert.Equal("Rules:Folder is '/no/such/folder', which is not a folder this process can read.", error.Message);
    }

    /// <summary>
    /// In a method of its own: resolving the bus sets MassTransit's ambient log context, which must not flow back into
    /// the test and outlive this host (the next host would log through its disposed logger factory).
    /// </summary>
    private static async Task SeedAsync(ScratchDatabase database, TimeProvider clock, RunningWeb web, params Domain.Prisoner[] prisoners)
    {
        await using var db = database.Open(clock);
        db.Prisons.Add(Records.Prison());
        db.Prisoners.AddRange(prisoners);
        await web.Services.GetRequiredService<IBus>().PublishBatch(await db.SaveRecordChangesAsync());
    }

    private static async Task ReadyAsync(Uri host)
    {
        using var client = new HttpClient { BaseAddress = host };
        await Eventually.Async(
            async () =>
            {
                using var response = await client.GetAsync("/health/ready");
                return (int)response.StatusCode;
            },
            status => status == 200,
            $"{host} to be ready",
            TimeSpan.FromSeconds(20));
    }
}
