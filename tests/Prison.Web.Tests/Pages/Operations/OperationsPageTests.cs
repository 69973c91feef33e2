using System.Net;
using System.Text.Json;

namespace Prison.Web.Tests.Pages.Operations;

/// <summary>The tests that only read share one system; running a reevaluation starts its own.</summary>
public class OperationsPageTests(ProductionFixture shared) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task The_page_shows_the_jobs_what_waits_for_the_worker_and_the_error_queues()
    {
        var html = await shared.OperatorClient.GetStringAsync("/operations");

        Assert.Contains("due-reevaluation", html);
        Assert.Contains("nightly-reevaluation", html);
        Assert.Contains("unknown-sweeper", html);
        Assert.Equal("1", Html.TextById(html, "unknown-count"));
        Assert.Equal("0", Html.TextById(html, "due-count"));
        Assert.Contains($"{shared.QueuePrefix}prisoner-changed_error", html);
        Assert.Contains("No run is going.", html);
    }

    [Fact]
    public async Task Run_now_starts_a_full_reevaluation_that_the_worker_finishes()
    {
        await using var system = await ProductionFixture.StartAsync();
        var page = await system.OperatorClient.GetStringAsync("/operations");
        var token = Html.InputValue(page, "__RequestVerificationToken")!;

        using var posted = await system.OperatorClient.PostAsync("/operations?handler=Run", new FormUrlEncodedContent([new("__RequestVerificationToken", token)]));
        var runId = await Eventually.Async(() => system.Database.RowsAsync("SELECT id FROM reevaluation_run"), rows => rows.Count == 1, "the run's row");
        var finished = await Eventually.Async(
            async () => JsonDocument.Parse(await system.OperatorClient.GetStringAsync($"/api/runs/{runId[0][0]}")).RootElement,
            run => run.GetProperty("finished").GetBoolean(),
            "the run to finish");
        var after = await system.OperatorClient.GetStringAsync("/operations");

        Assert.Equal(HttpStatusCode.Redirect, posted.StatusCode);
        Assert.Equal(finished.GetProperty("total").GetInt32(), finished.GetProperty("done").GetInt32());
        Assert.True(finished.GetProperty("total").GetInt32() >= 12);
        Assert.Equal("0", Html.TextById(after, "unknown-count"));
        Assert.Contains("operations page", after);
    }

    [Fact]
    public async Task A_run_that_does_not_exist_is_404()
    {
        using var response = await shared.OperatorClient.GetAsync($"/api/runs/{Guid.NewGuid()}");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }
}
