using System.Net;
using Prison.Db.Identity;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Pages.Admin;

/// <summary>
/// What the pages' polls and the operators' acts leave in the audit log, with the product as a prison runs it: the polls
/// write nothing as reads (they ask every few seconds), but a poll beyond the user's prisons is a refusal; a full
/// re-evaluation started from the operations page is a job run. Each test signs in a user of its own.
/// </summary>
public sealed class AuditedPollsAndJobsTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task The_polls_of_an_open_dashboard_and_prisoner_page_are_not_audited_as_reads_the_page_loads_are()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = await system.Web.ClientSignedInAsAsync(name);

        using var dashboard = await client.GetAsync($"/prisons/{FirstPrison}");
        for (var i = 0; i < 3; i++)
        {
            using var board = await client.GetAsync($"/api/prisons/{FirstPrison}/dashboard");
            using var verdict = await client.GetAsync($"/api/prisoners/{system.Ids[HarmlessNumber]}/verdict");
            Assert.Equal((HttpStatusCode.OK, HttpStatusCode.OK), (board.StatusCode, verdict.StatusCode));
        }

        Assert.Equal(HttpStatusCode.OK, dashboard.StatusCode);
        Assert.Equal(
            [["DashboardViewed", "127.0.0.1"]],
            await system.Database.RowsAsync($"SELECT action, remote_address FROM audit_entry WHERE user_name = '{name}' AND action <> 'SignedIn'"));
    }

    [Fact]
    public async Task A_poll_beyond_the_users_prisons_answers_404_and_is_audited_and_a_poll_of_nothing_is_not()
    {
        var name = await system.Web.CreateUserOfPrisonsAsync([FirstPrison], Roles.Staff);
        using var client = await system.Web.ClientSignedInAsAsync(name);

        using var board = await client.GetAsync($"/api/prisons/{SecondPrison}/dashboard");
        using var verdict = await client.GetAsync($"/api/prisoners/{system.Ids["B201"]}/verdict");
        using var noBoard = await client.GetAsync("/api/prisons/NOPE/dashboard");
        using var noVerdict = await client.GetAsync($"/api/prisoners/{Guid.CreateVersion7()}/verdict");

        Assert.All([board, verdict, noBoard, noVerdict], answer => Assert.Equal(HttpStatusCode.NotFound, answer.StatusCode));
        Assert.Equal(
            [
                ["OutOfReach", $"Refused, beyond the user's prisons: GET /api/prisons/{SecondPrison}/dashboard, the prison {SecondPrison}", "NULL", "127.0.0.1"],
                ["OutOfReach", $"Refused, beyond the user's prisons: GET /api/prisoners/{system.Ids["B201"]}/verdict, the prisoner B201", "B201", "127.0.0.1"],
            ],
            (await system.Database.RowsAsync($"SELECT action, summary, prisoner_number, remote_address FROM audit_entry WHERE user_name = '{name}' AND action <> 'SignedIn' ORDER BY at, id"))
                .Select(r => r.ToArray()));
    }

    [Fact]
    public async Task A_full_re_evaluation_started_from_the_operations_page_is_audited_as_a_job_run_and_found_by_kind()
    {
        var name = await system.Web.CreateUserAsync(Roles.Operator);
        using var client = await system.Web.ClientSignedInAsAsync(name);
        var token = Html.InputValue(await client.GetStringAsync("/operations"), NoticePosting.TokenField)!;

        using var posted = await client.PostAsync("/operations?handler=Run", new FormUrlEncodedContent([new(NoticePosting.TokenField, token)]));

        Assert.Equal(HttpStatusCode.Redirect, posted.StatusCode);
        var entry = Assert.Single(await system.Database.RowsAsync($"SELECT action, summary, remote_address FROM audit_entry WHERE user_name = '{name}' AND action <> 'SignedIn'"));
        Assert.Equal(["JobRun", "127.0.0.1"], [entry[0], entry[2]]);
        // Another test's run may still be going: then this one joins it, and says so.
        Assert.Matches("^(Started a full re-evaluation \\(run .+\\) from the operations page|Asked for a full re-evaluation from the operations page; one was already going .+)$", entry[1]);

        using var admin = await AuditClients.AdminAsync(system);
        var row = Assert.Single(AuditRow.In(await admin.GetStringAsync($"/admin/audit?user={name}&kind=JobRun")));
        Assert.Equal((name, "127.0.0.1", "Job run", entry[1]), (row.User, row.From, row.Action, row.Summary));
    }
}
