using System.Net;
using System.Text.RegularExpressions;
using Hangfire;
using Hangfire.PostgreSql;
using Hangfire.Storage;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Prison.Runtime.Jobs;

namespace Prison.Web.Tests.Pages.Operations;

/// <summary>Hangfire's dashboard under /operations/jobs: the operators' only, served by web from the workers' storage.</summary>
public sealed class JobsDashboardTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    private const string Dashboard = "/operations/jobs";

    [Fact]
    public async Task Someone_not_signed_in_is_sent_to_the_sign_in_form()
    {
        using var client = system.Web.CreateClient();

        using var response = await client.GetAsync(Dashboard);

        Assert.Equal(HttpStatusCode.Redirect, response.StatusCode);
        Assert.Equal($"/sign-in?ReturnUrl={Uri.EscapeDataString(Dashboard)}", response.Headers.Location?.PathAndQuery);
    }

    [Theory]
    [InlineData(Roles.Staff)]
    [InlineData(Roles.Admin)]
    public async Task A_signed_in_user_who_is_not_an_operator_gets_403_and_each_refusal_is_audited(string role)
    {
        var name = await system.Web.CreateUserAsync(role);
        using var client = await system.Web.ClientSignedInAsAsync(name);

        using var page = await client.GetAsync($"{Dashboard}/recurring");
        using var trigger = await client.PostAsync($"{Dashboard}/recurring/trigger", Trigger(UnknownSweeperJob.Name));

        Assert.Equal(HttpStatusCode.Forbidden, page.StatusCode);
        Assert.Equal("Not allowed", Html.TextOf(await page.Content.ReadAsStringAsync(), "h1", string.Empty));
        Assert.Equal(HttpStatusCode.Forbidden, trigger.StatusCode);
        Assert.Equal(
            [
                ["Refused", $"Refused: GET {Dashboard}/recurring, which the role(s) {role} do not open"],
                ["Refused", $"Refused: POST {Dashboard}/recurring/trigger, which the role(s) {role} do not open"],
            ],
            (await system.Database.RowsAsync($"SELECT action, summary FROM audit_entry WHERE user_name = '{name}' AND action <> 'SignedIn' ORDER BY id")).Select(r => r.ToArray()));
    }

    [Fact]
    public async Task An_operator_sees_the_workers_jobs_which_web_serves_from_their_storage_without_running_any()
    {
        var storage = system.Web.Services.GetRequiredService<JobStorage>();

        using var response = await system.OperatorClient.GetAsync($"{Dashboard}/recurring");
        var html = await response.Content.ReadAsStringAsync();
        var operations = await system.OperatorClient.GetStringAsync("/operations");
        var servers = storage.GetMonitoringApi().Servers();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.All(PrisonSchedule.Names, name => Assert.Contains(name, html));
        Assert.IsType<PostgreSqlStorage>(storage);
        Assert.Null(system.Web.Services.GetService<JobServerName>());
        Assert.True(system.Worker!.Services.GetRequiredService<JobServerName>().Names(Assert.Single(servers).Name), servers[0].Name);
        Assert.Contains($"href=\"{Dashboard}\"", operations);
    }

    /// <summary>
    /// Only the workers' role writes the job storage: the dashboard reads it, and its buttons (fire, retry, delete,
    /// requeue) are refused even to an operator with the dashboard's token. The operations page asks a worker instead.
    /// </summary>
    [Theory]
    [InlineData("/recurring/trigger")]
    [InlineData("/jobs/failed/requeue")]
    [InlineData("/jobs/failed/delete")]
    public async Task The_dashboard_only_reads_its_buttons_are_refused_even_to_an_operator_with_its_token(string button)
    {
        var page = await system.OperatorClient.GetStringAsync($"{Dashboard}/recurring");
        var before = LastRun();

        using var genuine = new HttpRequestMessage(HttpMethod.Post, $"{Dashboard}{button}") { Content = Trigger(NightlyReevaluationJob.Name) };
        genuine.Headers.Add(Meta(page, "csrf-header"), Meta(page, "csrf-token"));
        using var answered = await system.OperatorClient.SendAsync(genuine);

        Assert.Equal(HttpStatusCode.Unauthorized, answered.StatusCode);
        Assert.Equal(before, LastRun());
        Assert.DoesNotContain("Trigger now", page);
    }

    private static FormUrlEncodedContent Trigger(string job) => new([new("jobs[]", job)]);

    /// <summary>The nightly job's last run: only a hand fires it by day, so any change is the dashboard's doing.</summary>
    private string? LastRun() => JobRuns.Last(system.Web.Services.GetRequiredService<JobStorage>(), NightlyReevaluationJob.Name);

    private static string Meta(string html, string name) =>
        Regex.Match(html, $"<meta name=\"{name}\" content=\"([^\"]*)\"") is { Success: true } match
            ? WebUtility.HtmlDecode(match.Groups[1].Value)
            : throw new InvalidOperationException($"The dashboard's page has no {name}.");
}
