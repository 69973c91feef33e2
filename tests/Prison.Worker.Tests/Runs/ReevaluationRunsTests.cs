using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Runs;
using Prison.Runtime.Runs;

namespace Prison.Worker.Tests.Runs;

public class ReevaluationRunsTests
{
    [Fact]
    public async Task A_run_reevaluates_every_prisoner_and_finishes_with_its_totals()
    {
        await using var fixture = await WorkerFixture.StartAsync("--Jobs:BatchSize=100");
        await fixture.SaveAsync([.. Enumerable.Range(1, 1234).Select(n => Records.Harmless($"R{n:0000}", 1, fixture.Today.AddDays(-30)))]);

        var start = await StartAsync(fixture, RunScope.All);
        var run = await FinishedAsync(fixture, start.Run.Id);

        Assert.False(start.Joined);
        Assert.Equal((1234, 1234, 0, 13), (run.Total, run.Done, run.Failed, run.FinishedBatches));
        Assert.Equal(0, await fixture.Database.ScalarAsync<long>("SELECT COUNT(*) FROM prisoner WHERE danger_status = 'Unknown'"));
    }

    [Fact]
    public async Task A_request_while_a_run_goes_on_joins_it()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        var going = new ReevaluationRun { StartedBy = "operator", Scope = "all", RuleSet = "x", Total = 10, Batches = 1, StartedAtUtc = fixture.Clock.GetUtcNow().UtcDateTime };
        await using (var db = fixture.Open())
        {
            await db.TryStartRunAsync(going, CancellationToken.None);
        }

        var start = await StartAsync(fixture, RunScope.All);

        Assert.True(start.Joined);
        Assert.Equal(going.Id, start.Run.Id);
        Assert.Equal(1, await fixture.Database.ScalarAsync<long>("SELECT COUNT(*) FROM reevaluation_run"));
    }

    [Fact]
    public async Task A_prison_run_leaves_other_prisons_alone()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        await using (var db = fixture.Open())
        {
            db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            await db.SaveChangesAsync();
        }

        var here = Records.Harmless("H1", 1, fixture.Today.AddDays(-30));
        var there = Records.Harmless("T1", 2, fixture.Today.AddDays(-30));
        await fixture.SaveAsync(here, there);

        var run = await FinishedAsync(fixture, (await StartAsync(fixture, RunScope.Prison(2, "P2"))).Run.Id);

        Assert.Equal((1, 1), (run.Total, run.Done));
        Assert.Equal("Unknown", (await fixture.StoredAsync(here.Id))[0]);
        Assert.Equal("NotDangerous", (await fixture.StoredAsync(there.Id))[0]);
    }

    private static async Task<RunStart> StartAsync(WorkerFixture fixture, RunScope scope)
    {
        await using var services = fixture.Worker.Services.CreateAsyncScope();
        return await services.ServiceProvider.GetRequiredService<ReevaluationRuns>().StartAsync("test", scope, CancellationToken.None);
    }

    private static async Task<ReevaluationRun> FinishedAsync(WorkerFixture fixture, Guid runId)
    {
        await using var db = fixture.Open();
        return (await Eventually.Async(() => db.RunAsync(runId, CancellationToken.None), run => run?.IsFinished == true, $"run {runId} to finish"))!;
    }
}
