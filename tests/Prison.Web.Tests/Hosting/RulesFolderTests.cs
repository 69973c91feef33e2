using System.Net;
using MassTransit;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Prison.Db.RuleSettings;
using Prison.Web.App;
using Prison.Web.Tests.Pages.Admin;
using Prison.Web.Tests.Pages.Admin.Rules;
using Prison.Runtime.Evaluation;
using Prison.ServiceDefaults;

namespace Prison.Web.Tests.Hosting;

public class RulesFolderTests
{
    [Fact]
    public async Task An_assembly_no_headquarters_admin_approved_is_listed_with_its_SHA256_and_rules_and_neither_web_nor_worker_evaluates_it()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var queuePrefix = ServerArguments.NewQueuePrefix();
        var clock = new MovableClock(DateTimeOffset.UtcNow);
        var twice = SegregatedTwice(clock);
        using var folder = new RulesFolder().WithExampleRules();

        await using var web = await RunningWeb.StartAsync(database, queuePrefix, clock, folder.Argument);
        await using var worker = await RunningWorker.StartAsync(database, queuePrefix, clock, folder.Argument);
        await SeedAsync(database, clock, web, twice);
        await Eventually.Async(() => database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown'"), n => n == 0, "the verdict");
        using var client = await AdminSession.ClientAsync(web);
        var page = await client.GetStringAsync("/admin/rules");

        Assert.DoesNotContain(RulesFolder.ExampleRule, await database.ScalarAsync<string>("SELECT danger_reasons FROM prisoner"));
        Assert.DoesNotContain(web.Services.GetRequiredService<CurrentRules>().All, r => r.Code == RulesFolder.ExampleRule);
        Assert.DoesNotContain(worker.Services.GetRequiredService<CurrentRules>().All, r => r.Code == RulesFolder.ExampleRule);
        Assert.DoesNotContain($"<tr data-rule-code=\"{RulesFolder.ExampleRule}\">", page);
        Assert.Equal((RulesFolder.ExampleRuleClass, "not approved", "No"), RuleForms.AssemblyRowOf(page, folder.Sha256Of()));
        Assert.Contains("Prison.ExampleRules.dll", page);
    }

    [Fact]
    public async Task A_rule_from_an_assembly_dropped_in_the_rules_folder_is_applied_once_a_headquarters_admin_approved_it_by_the_reevaluation_the_next_start_begins()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var queuePrefix = ServerArguments.NewQueuePrefix();
        var clock = new MovableClock(DateTimeOffset.UtcNow);
        var twice = SegregatedTwice(clock);
        var once = Records.Harmless("S1", 1, DateOnly.FromDateTime(clock.GetUtcNow().UtcDateTime).AddDays(-60));
        once.Segregate(DateOnly.FromDateTime(clock.GetUtcNow().UtcDateTime).AddDays(-50), "fighting");
        using var folder = new RulesFolder().WithExampleRules();

        // Evaluated first by hosts that have the folder but no approval of its assembly; the admin approves it there.
        string ruleSetBefore;
        string admin;
        HttpResponseMessage approve;
        string pageAfterApproval;
        await using (var web = await RunningWeb.StartAsync(database, queuePrefix, clock, folder.Argument))
        await using (var worker = await RunningWorker.StartAsync(database, queuePrefix, clock, folder.Argument))
        {
            await SeedAsync(database, clock, web, twice, once);
            await Eventually.Async(() => database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown'"), n => n == 0, "the first verdicts");
            ruleSetBefore = (await database.ScalarAsync<string>("SELECT rule_set FROM rule_set_in_force"))!;
            admin = await web.CreateUserAsync(Roles.Admin);
            using var client = await web.ClientSignedInAsAsync(admin);
            approve = await RuleForms.PostWithoutFormAsync(client, "/admin/rules", "Approve", ("sha256", folder.Sha256Of()));
            pageAfterApproval = await client.GetStringAsync("/admin/rules");
            Assert.DoesNotContain(web.Services.GetRequiredService<CurrentRules>().All, r => r.Code == RulesFolder.ExampleRule);
        }

        Assert.Equal(HttpStatusCode.Redirect, approve.StatusCode);
        Assert.Equal(ruleSetBefore, await database.ScalarAsync<string>("SELECT rule_set FROM rule_set_in_force"));
        Assert.Equal("No: at the next start", RuleForms.AssemblyRowOf(pageAfterApproval, folder.Sha256Of()).Loaded);
        Assert.StartsWith($"approved by {admin} on ", RuleForms.AssemblyRowOf(pageAfterApproval, folder.Sha256Of()).Approval);
        Assert.Equal(
            [[admin, "RuleAssemblyApproved", $"Approved the rules assembly Prison.ExampleRules.dll (SHA-256 {folder.Sha256Of()}) with the rule(s) Prison.ExampleRules.SegregatedTwiceOrMore; web and worker load it at their next start"]],
            (await database.RowsAsync("SELECT user_name, action, summary FROM audit_entry WHERE action LIKE 'RuleAssembly%'")).Select(r => r.ToArray()));

        await using (var web = await RunningWeb.StartAsync(database, queuePrefix, clock, folder.Argument))
        await using (var worker = await RunningWorker.StartAsync(database, queuePrefix, clock, folder.Argument))
        {
            using var client = await AdminSession.ClientAsync(web);
            await RuleForms.ReevaluatedAsync(database);
            var page = await client.GetStringAsync("/admin/rules");

            Assert.Equal(("Yes", 1), RuleForms.RowOf(page, RulesFolder.ExampleRule));
            Assert.Contains("Segregated twice or more", page);
            Assert.Equal("Yes", RuleForms.AssemblyRowOf(page, folder.Sha256Of()).Loaded);
            Assert.Contains(worker.Services.GetRequiredService<CurrentRules>().All, r => r.Code == RulesFolder.ExampleRule);
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
    public async Task An_assembly_whose_bytes_changed_after_its_approval_is_not_loaded_and_revoking_the_old_approval_is_audited()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var queuePrefix = ServerArguments.NewQueuePrefix();
        using var folder = new RulesFolder().WithExampleRules();
        var approved = folder.Sha256Of();
        var admin = string.Empty;
        await using (var web = await RunningWeb.StartAsync(database, queuePrefix, null, folder.Argument))
        {
            admin = await web.CreateUserAsync(Roles.Admin);
            using var client = await web.ClientSignedInAsAsync(admin);
            using var approve = await RuleForms.PostWithoutFormAsync(client, "/admin/rules", "Approve", ("sha256", approved));
            Assert.Equal(HttpStatusCode.Redirect, approve.StatusCode);
        }

        folder.Change();

        await using (var web = await RunningWeb.StartAsync(database, queuePrefix, null, folder.Argument))
        {
            using var client = await web.ClientSignedInAsAsync(admin);
            var page = await client.GetStringAsync("/admin/rules");
            using var revoke = await RuleForms.PostWithoutFormAsync(client, "/admin/rules", "Revoke", ("sha256", approved));

            Assert.NotEqual(approved, folder.Sha256Of());
            Assert.Equal((RulesFolder.ExampleRuleClass, "not approved", "No"), RuleForms.AssemblyRowOf(page, folder.Sha256Of()));
            Assert.Equal("No: not in the folder", RuleForms.AssemblyRowOf(page, approved).Loaded);
            Assert.DoesNotContain($"<tr data-rule-code=\"{RulesFolder.ExampleRule}\">", page);
            Assert.DoesNotContain(web.Services.GetRequiredService<CurrentRules>().All, r => r.Code == RulesFolder.ExampleRule);
            Assert.Equal(HttpStatusCode.Redirect, revoke.StatusCode);
        }

        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM rule_assembly_approval"));
        Assert.Equal(
            [[admin, "RuleAssemblyApproved"], [admin, "RuleAssemblyRevoked"]],
            (await database.RowsAsync("SELECT user_name, action FROM audit_entry WHERE action LIKE 'RuleAssembly%' ORDER BY at, id")).Select(r => r.ToArray()));
    }

    [Fact]
    public async Task The_workers_command_line_in_a_process_of_its_own_evaluates_with_an_assembly_of_the_folder_only_once_it_is_approved()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var queuePrefix = ServerArguments.NewQueuePrefix();
        using var folder = new RulesFolder().WithExampleRules();
        await using (var web = await RunningWeb.StartAsync(database, queuePrefix))
        await using (var worker = await RunningWorker.StartAsync(database, queuePrefix))
        {
            await SeedAsync(database, TimeProvider.System, web, SegregatedTwice(TimeProvider.System));
            await Eventually.Async(() => database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown'"), n => n == 0, "the verdict");
        }

        string[] configuration = ServerArguments.For(database, queuePrefix, folder.Argument)[1..];
        var unapproved = await WorkerProcess.RunAsync(["verify", .. configuration]);
        await using (var db = database.OpenAs("hq-admin"))
        {
            await db.ApproveRuleAssemblyAsync(new RuleAssemblyApproval
            {
                Sha256 = folder.Sha256Of(), FileName = "Prison.ExampleRules.dll", Rules = RulesFolder.ExampleRuleClass, ApprovedBy = "hq-admin", ApprovedAtUtc = DateTime.UtcNow,
            });
        }

        var approved = await WorkerProcess.RunAsync(["verify", .. configuration]);

        Assert.True(unapproved.ExitCode == 0, unapproved.Output);
        Assert.Contains("0 stored flag(s) differ from the rules", unapproved.Output);
        Assert.True(approved.ExitCode == 1, approved.Output);
        Assert.Contains("1 stored flag(s) differ from the rules", approved.Output);
        Assert.Contains("S2", approved.Output);
    }

    [Fact]
    public async Task Approving_a_hash_no_file_of_the_folder_has_is_refused_with_a_clear_message_and_changes_nothing()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        using var folder = new RulesFolder().WithExampleRules();
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), null, folder.Argument);
        using var client = await AdminSession.ClientAsync(web);

        using var unknown = await RuleForms.PostWithoutFormAsync(client, "/admin/rules", "Approve", ("sha256", new string('0', 64)));
        using var nonsense = await RuleForms.PostWithoutFormAsync(client, "/admin/rules", "Approve", ("sha256", "'; DROP TABLE rule_assembly_approval; --"));

        Assert.Equal(HttpStatusCode.BadRequest, unknown.StatusCode);
        Assert.Equal(HttpStatusCode.BadRequest, nonsense.StatusCode);
        Assert.Contains($"No file in the rules folder has the SHA-256 {new string('0', 64)} now", await unknown.Content.ReadAsStringAsync());
        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM rule_assembly_approval"));
        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE action LIKE 'RuleAssembly%'"));
    }

    [Fact]
    public async Task An_admin_of_some_prisons_sees_the_assemblies_read_only_and_approving_one_is_refused_and_audited()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        using var folder = new RulesFolder().WithExampleRules();
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), null, folder.Argument);
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison());
            await db.SaveChangesAsync();
        }

        var admin = await web.CreateUserOfPrisonsAsync([Records.Prison().Code], Roles.Admin);
        using var client = await web.ClientSignedInAsAsync(admin);
        var page = await client.GetStringAsync("/admin/rules");
        using var approve = await RuleForms.PostWithoutFormAsync(client, "/admin/rules", "Approve", ("sha256", folder.Sha256Of()));

        Assert.Contains("id=\"rules-read-only\"", page);
        Assert.DoesNotContain("handler=Approve", page);
        Assert.Equal(HttpStatusCode.Forbidden, approve.StatusCode);
        Assert.Contains("Only an admin of every prison (headquarters)", await approve.Content.ReadAsStringAsync());
        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM rule_assembly_approval"));
        Assert.Equal(
            [[admin, "Refused", $"Refused: approve the rules assembly with the SHA-256 {folder.Sha256Of()}, which only an admin of every prison may do"]],
            (await database.RowsAsync($"SELECT user_name, action, summary FROM audit_entry WHERE user_name = '{admin}' AND action <> 'SignedIn'")).Select(r => r.ToArray()));
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

    /// <summary>S2, segregated twice: the example rule fires for them once loaded.</summary>
    private static Domain.Prisoner SegregatedTwice(TimeProvider clock)
    {
        var today = DateOnly.FromDateTime(clock.GetUtcNow().UtcDateTime).AddDays(-1);
        var twice = Records.Harmless("S2", 1, today.AddDays(-60));
        var period = twice.Segregate(today.AddDays(-50), "fighting");
        twice.EndSegregation(period.Id, today.AddDays(-40));
        twice.Segregate(today.AddDays(-10), "threats to staff");
        return twice;
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
}
