using System.Net;
using Hangfire;
using Hangfire.States;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Prison.Runtime.Jobs;

namespace Prison.Web.Tests.Pages.Operations;

/// <summary>
/// The operations page's buttons on the scheduled jobs: web may only read the job storage, so each asks a worker by
/// message, and the worker fires the job, retries or deletes its failed runs.
/// </summary>
public sealed class ScheduledJobButtonsTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task Run_now_on_a_job_asks_a_worker_which_fires_it_and_the_request_is_audited()
    {
        var name = await system.Web.CreateUserAsync(Roles.Operator);
        using var client = await system.Web.ClientSignedInAsAsync(name);
        var before = JobRuns.Last(Storage, NightlyReevaluationJob.Name);

        using var asked = await AskAsync(client, NightlyReevaluationJob.Name, "Fire");
        var fired = await Eventually.Async(() => Task.FromResult(JobRuns.Last(Storage, NightlyReevaluationJob.Name)), run => run != before, "the worker to fire the job");
        var states = await JobRuns.FinishedAsync(Storage, fired!);

        Assert.Equal(HttpStatusCode.Redirect, asked.StatusCode);
        Assert.Equal("Succeeded", states[^1].StateName);
        Assert.Equal(
            [["JobRun", $"Asked the workers to fire {NightlyReevaluationJob.Name} now from the operations page", "127.0.0.1"]],
            (await system.Database.RowsAsync($"SELECT action, summary, remote_address FROM audit_entry WHERE user_name = '{name}' AND action <> 'SignedIn'")).Select(r => r.ToArray()));
    }

    [Fact]
    public async Task Retry_failed_runs_has_a_worker_run_them_again_and_delete_failed_runs_drops_them()
    {
        var retried = PlantFailedRuns(2);
        var page = await system.OperatorClient.GetStringAsync("/operations");
        Assert.Contains("Retry failed runs", page);

        using (var asked = await AskAsync(system.OperatorClient, UnknownSweeperJob.Name, "RetryFailed"))
        {
            Assert.Equal(HttpStatusCode.Redirect, asked.StatusCode);
        }

        foreach (var run in retried)
        {
            await Eventually.Async(() => Task.FromResult(JobRuns.States(Storage, run)[^1].StateName), state => state == "Succeeded", $"the worker to run {run} again");
        }

        var deleted = PlantFailedRuns(1);
        using (var asked = await AskAsync(system.OperatorClient, UnknownSweeperJob.Name, "DeleteFailed"))
        {
            Assert.Equal(HttpStatusCode.Redirect, asked.StatusCode);
        }

        await Eventually.Async(() => Task.FromResult(JobRuns.States(Storage, deleted[0])[^1].StateName), state => state == "Deleted", "the worker to delete the failed run");
        Assert.Equal(0, JobOverview.Read(Storage).Single(job => job.Name == UnknownSweeperJob.Name).Failures);
    }

    [Theory]
    [InlineData("no-such-job", "Fire")]
    [InlineData(UnknownSweeperJob.Name, "Explode")]
    public async Task A_request_for_a_job_or_act_the_page_does_not_offer_is_refused(string job, string act)
    {
        using var asked = await AskAsync(system.OperatorClient, job, act);

        Assert.Equal(HttpStatusCode.BadRequest, asked.StatusCode);
    }

    [Fact]
    public async Task Staff_cannot_ask_for_a_job()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = await system.Web.ClientSignedInAsAsync(name);
        var token = SigningIn.TokenIn(await client.GetStringAsync("/sign-out"));
        var before = JobRuns.Last(Storage, NightlyReevaluationJob.Name);

        using var asked = await client.PostAsync("/operations?handler=Job", new FormUrlEncodedContent(
            [new(NoticePosting.TokenField, token), new("job", NightlyReevaluationJob.Name), new("act", "Fire")]));
        await Task.Delay(TimeSpan.FromSeconds(3));

        Assert.Equal("/access-denied", asked.Headers.Location?.AbsolutePath);
        Assert.Equal(before, JobRuns.Last(Storage, NightlyReevaluationJob.Name));
    }

    /// <summary>The workers' storage, as web reads it.</summary>
    private JobStorage Storage => system.Web.Services.GetRequiredService<JobStorage>();

    private static async Task<HttpResponseMessage> AskAsync(HttpClient client, string job, string act)
    {
        var token = SigningIn.TokenIn(await client.GetStringAsync("/operations"));
        return await client.PostAsync("/operations?handler=Job", new FormUrlEncodedContent(
            [new(NoticePosting.TokenField, token), new("job", job), new("act", act)]));
    }

    /// <summary>
    /// Runs of the sweeper that failed after their retries, written as the worker's Hangfire server leaves them: its
    /// retries spent (the job's AutomaticRetry would otherwise schedule it again), then failed.
    /// </summary>
    private List<string> PlantFailedRuns(int count)
    {
        var services = system.Worker!.Services;
        var runs = services.GetRequiredService<IBackgroundJobClient>();
        using var connection = services.GetRequiredService<JobStorage>().GetConnection();
        return [.. Enumerable.Range(0, count).Select(_ =>
        {
            var run = runs.Create<UnknownSweeperJob>(job => job.RunAsync(CancellationToken.None), new ScheduledState(TimeSpan.FromDays(1)));
            connection.SetJobParameter(run, "RetryCount", "2");
            Assert.True(runs.ChangeState(run, new FailedState(new InvalidOperationException("planted"))));
            return run;
        })];
    }
}
