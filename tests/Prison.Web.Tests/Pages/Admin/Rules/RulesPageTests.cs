using System.Net;
using System.Text.Json;
using Prison.Db.Identity;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Pages.Admin.Rules;

/// <summary>
/// The tests that change nothing another reads (a list, a 404, changes refused) share one system; each test that changes
/// the rules starts its own.
/// </summary>
public class RulesPageTests(ProductionFixture shared) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task Every_rule_is_listed_with_how_many_prisoners_it_fires_for()
    {
        using var client = await AdminSession.ClientAsync(shared.Web);

        var html = await client.GetStringAsync("/admin/rules");

        Assert.Equal(40, System.Text.RegularExpressions.Regex.Matches(html, "<tr data-rule-code=").Count);
        Assert.Equal(("Yes", 1), RuleForms.RowOf(html, "NotConvicted"));
        Assert.Equal(("Yes", 3), RuleForms.RowOf(html, "WeaponFoundInLast12Months"));
        Assert.Equal(("No", 0), RuleForms.RowOf(html, "ArrivedInLast7Days"));
        Assert.Contains("Weapon found in the last 12 months", html, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public async Task A_change_without_a_reason_is_refused_and_changes_nothing()
    {
        using var client = await AdminSession.ClientAsync(shared.Web);

        using var preview = await RuleForms.PostAsync(client, "NotConvicted", "Preview", "  ");
        using var apply = await RuleForms.PostAsync(client, "NotConvicted", "Apply", "");
        var html = await preview.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, preview.StatusCode);
        Assert.Equal(HttpStatusCode.OK, apply.StatusCode);
        Assert.Equal("There is a problem Give a reason for the change.", Html.TextOf(html, "div", "data-role=\"error-summary\""));
        Assert.Equal("Give a reason for the change.", Html.TextById(html, "reason-error"));
        Assert.Equal(0L, await shared.Database.ScalarAsync<long>("SELECT count(*) FROM rule_setting"));
        Assert.Empty(await RuleForms.RuleSetRunsAsync(shared.Database));
    }

    [Fact]
    public async Task An_admin_of_some_prisons_sees_the_rules_read_only_and_is_refused_previewing_or_applying_a_change_and_each_refusal_is_audited()
    {
        var admin = await shared.Web.CreateUserOfPrisonsAsync([FirstPrison], Roles.Admin);
        using var client = await shared.Web.ClientSignedInAsAsync(admin);
        var ruleSetBefore = await shared.Database.ScalarAsync<string>("SELECT rule_set FROM rule_set_in_force");

        var list = await client.GetStringAsync("/admin/rules");
        var rule = await client.GetStringAsync("/admin/rules/NotConvicted");
        using var preview = await RuleForms.PostWithoutFormAsync(client, "/admin/rules/NotConvicted", "Preview", ("Reason", "remand alone is not a danger here"));
        using var apply = await RuleForms.PostWithoutFormAsync(client, "/admin/rules/NotConvicted", "Apply", ("Reason", "remand alone is not a danger here"));

        Assert.Equal(0L, await shared.Database.ScalarAsync<long>("SELECT count(*) FROM rule_setting"));
        Assert.Empty(await RuleForms.RuleSetRunsAsync(shared.Database));
        Assert.Equal(ruleSetBefore, await shared.Database.ScalarAsync<string>("SELECT rule_set FROM rule_set_in_force"));
        Assert.Equal(HttpStatusCode.Forbidden, apply.StatusCode);
        Assert.Equal(HttpStatusCode.Forbidden, preview.StatusCode);
        Assert.Contains("Only an admin of every prison (headquarters)", await apply.Content.ReadAsStringAsync());
        Assert.Contains("id=\"rules-read-only\"", list);
        Assert.DoesNotContain("href=\"/admin/rules/NotConvicted\"", list);
        Assert.DoesNotContain("method=\"post\"", rule);
        Assert.Equal(
            [
                ["Refused", "Refused: preview disabling the rule NotConvicted, which only an admin of every prison may do"],
                ["Refused", "Refused: disable the rule NotConvicted, which only an admin of every prison may do"],
            ],
            (await shared.Database.RowsAsync($"SELECT action, summary FROM audit_entry WHERE user_name = '{admin}' AND action <> 'SignedIn' ORDER BY at, id")).Select(r => r.ToArray()));
    }

    [Fact]
    public async Task An_unknown_rule_is_404()
    {
        using var client = await AdminSession.ClientAsync(shared.Web);

        using var response = await client.GetAsync("/admin/rules/NoSuchRule");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    [Fact]
    public async Task Disabling_a_rule_previews_exactly_the_prisoners_that_become_Not_dangerous_once_everyone_is_evaluated_again()
    {
        await using var system = await ProductionFixture.StartAsync();
        using var client = await AdminSession.ClientAsync(system.Web);
        var before = await RuleForms.StatusesAsync(system.Database);
        var ruleSetBefore = await system.Database.ScalarAsync<string>("SELECT rule_set FROM rule_set_in_force");

        using var preview = await RuleForms.PostAsync(client, "NotConvicted", "Preview", "remand alone is not a danger here");
        var (notDangerous, dangerous) = RuleForms.PreviewOf(await preview.Content.ReadAsStringAsync());
        using var apply = await RuleForms.PostAsync(client, "NotConvicted", "Apply", "remand alone is not a danger here");
        await RuleForms.ReevaluatedAsync(system.Database);
        var after = await RuleForms.StatusesAsync(system.Database);
        var page = await client.GetStringAsync("/admin/rules");

        Assert.Equal(HttpStatusCode.Redirect, apply.StatusCode);
        Assert.Equal((1, 0), (notDangerous, dangerous));
        var cleared = before.Where(b => b.Value == "Dangerous" && after[b.Key] == "NotDangerous").Select(b => b.Key).ToList();
        var flagged = before.Where(b => b.Value != "Dangerous" && after[b.Key] == "Dangerous").Select(b => b.Key).ToList();
        Assert.Equal([RemandNumber], cleared);
        Assert.Empty(flagged);
        Assert.NotEqual(ruleSetBefore, await system.Database.ScalarAsync<string>("SELECT rule_set FROM rule_set_in_force"));
        Assert.Equal(["False", "remand alone is not a danger here"], (await system.Database.RowsAsync("SELECT enabled, reason FROM rule_setting WHERE code = 'NotConvicted'")).Single().Select(v => v.ToString()));
        Assert.Equal(("No", 0), RuleForms.RowOf(page, "NotConvicted"));
    }

    [Fact]
    public async Task Enabling_a_rule_is_previewed_by_evaluating_it_over_everyone_with_progress_and_matches_what_applying_does()
    {
        await using var system = await ProductionFixture.StartAsync();
        using var client = await AdminSession.ClientAsync(system.Web);
        var before = await RuleForms.StatusesAsync(system.Database);

        using var started = await RuleForms.PostAsync(client, "ArrivedInLast7Days", "Preview", "a week of watching new arrivals");
        Assert.Equal(HttpStatusCode.Redirect, started.StatusCode);
        var location = new Uri(system.Web.Address, started.Headers.Location!);
        var previewId = System.Web.HttpUtility.ParseQueryString(location.Query)["preview"];
        var progress = await Eventually.Async(
            async () => JsonDocument.Parse(await client.GetStringAsync($"/admin/rules/ArrivedInLast7Days?handler=Progress&preview={previewId}")).RootElement,
            p => p.GetProperty("finished").GetBoolean(),
            "the enable preview to finish");
        var result = await client.GetStringAsync(location);
        var (notDangerous, dangerous) = RuleForms.PreviewOf(result);

        var token = Html.InputValue(result, "__RequestVerificationToken")!;
        using var apply = await client.PostAsync(
            "/admin/rules/ArrivedInLast7Days?handler=Apply",
            new FormUrlEncodedContent([new("__RequestVerificationToken", token), new("Reason", Html.InputValue(result, "Reason")!)]));
        await RuleForms.ReevaluatedAsync(system.Database);
        var after = await RuleForms.StatusesAsync(system.Database);

        Assert.Equal(before.Count, progress.GetProperty("total").GetInt32());
        Assert.Equal(before.Count, progress.GetProperty("done").GetInt32());
        Assert.Equal(HttpStatusCode.Redirect, apply.StatusCode);
        Assert.Equal(0, notDangerous);
        Assert.True(dangerous > 0);
        Assert.Equal(dangerous, before.Count(b => b.Value == "NotDangerous" && after[b.Key] == "Dangerous"));
        Assert.Equal(0, before.Count(b => b.Value == "Dangerous" && after[b.Key] != "Dangerous"));
    }

    [Fact]
    public async Task Verdicts_of_the_previous_rule_set_are_marked_until_the_reevaluation_reaches_them()
    {
        await using var system = await ProductionFixture.StartAsync(workerRunning: false);
        using var client = await AdminSession.ClientAsync(system.Web);

        using var apply = await RuleForms.PostAsync(client, "NotConvicted", "Apply", "remand alone is not a danger here");
        var runs = await RuleForms.RuleSetRunsAsync(system.Database);
        var dashboard = await client.GetStringAsync($"/prisons/{FirstPrison}");
        var prisoner = await client.GetStringAsync($"/prisoners/{RemandNumber}");

        Assert.Equal("running", Assert.Single(runs)[1]);
        Assert.Contains("from the previous rule set", Html.ArrivalRows(dashboard).Single(r => r.PrisonerId == system.Ids[RemandNumber]).Cells[4]);
        Assert.Contains("from the previous rule set", prisoner);

        await system.StartWorkerAsync();
        await RuleForms.ReevaluatedAsync(system.Database);
        var reevaluated = await client.GetStringAsync($"/prisons/{FirstPrison}");
        var row = Html.ArrivalRows(reevaluated).Single(r => r.PrisonerId == system.Ids[RemandNumber]);

        Assert.DoesNotContain("from the previous rule set", reevaluated);
        Assert.Equal("Not dangerous", row.Cells[4]);
        Assert.DoesNotContain("from the previous rule set", await client.GetStringAsync($"/prisoners/{RemandNumber}"));
    }
}
