using Microsoft.Extensions.DependencyInjection;
using Prison.Worker.Jobs;
using Quartz;

namespace Prison.Worker.Tests.Jobs;

public class NightlyReevaluationJobTests
{
    [Fact]
    public async Task Two_clustered_schedulers_on_one_database_run_a_triggered_job_once()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        await using var second = await RunningWorker.StartAsync(fixture.Database, fixture.QueuePrefix, fixture.Clock);
        var prisoners = Enumerable.Range(1, 30).Select(n => Records.Harmless($"N{n:00}", 1, fixture.Today.AddDays(-n))).ToArray();
        await fixture.SaveAsync(prisoners);

        var scheduler = await second.Services.GetRequiredService<ISchedulerFactory>().GetScheduler();
        await scheduler.TriggerJob(NightlyReevaluationJob.Key);
        await Eventually.Async(
            () => fixture.Database.ScalarAsync<long>("SELECT COUNT(*) FROM prisoner WHERE danger_status = 'Unknown'"),
            unknown => unknown == 0,
            "every prisoner evaluated by the nightly run");
        await Task.Delay(TimeSpan.FromSeconds(2));

        var firings = await fixture.Database.ScalarAsync<long>(
            "SELECT COUNT(*) FROM qrtz_execution_history WHERE job_name = 'nightly-reevaluation'");
        Assert.Equal(1, firings);
        Assert.Equal(["nightly job", "all", "30", "30", "0"], (await fixture.Database.RowsAsync("SELECT started_by, scope, total, done, failed FROM reevaluation_run")).Single());
        Assert.NotEqual(
            (await fixture.Worker.Services.GetRequiredService<ISchedulerFactory>().GetScheduler()).SchedulerInstanceId,
            scheduler.SchedulerInstanceId);
        Assert.Empty(await fixture.Database.RowsAsync("SELECT 1 FROM prisoner WHERE evaluated_at IS NULL"));
    }
}
