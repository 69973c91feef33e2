using Microsoft.Extensions.DependencyInjection;
using Prison.Domain.Evaluation;
using Prison.Worker.Evaluation;
using Prison.Worker.Jobs;
using Quartz;

namespace Prison.Worker.Tests.Jobs;

public class NightlyReevaluationJobTests
{
    public static TheoryData<Engine> Engines => [Engine.PostgreSql, Engine.Sqlite];

    [Theory]
    [MemberData(nameof(Engines))]
    public async Task The_ranges_cover_every_prisoner_exactly_once(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();
        db.Prisons.Add(Records.Prison());
        var prisoners = Enumerable.Range(1, 1234).Select(n => Records.Harmless($"R{n:0000}", 1, new DateOnly(2026, 1, 1))).ToList();
        db.Prisoners.AddRange(prisoners);
        await db.SaveRecordChangesAsync();
        var reevaluation = new PrisonerReevaluation(db, new DangerEvaluator(new RuleSet(RuleCatalog.BuiltIn()), new PrisonCalendar(TimeZoneInfo.Utc)), TimeProvider.System);

        var ranges = await NightlyReevaluationJob.RangesAsync(db, batchSize: 500, CancellationToken.None);
        var covered = new List<Guid>();
        foreach (var range in ranges)
        {
            covered.AddRange(await reevaluation.IdsInRangeAsync(range.After, range.UpTo, CancellationToken.None));
        }

        Assert.Equal(3, ranges.Count);
        Assert.Null(ranges[0].After);
        Assert.Equal(prisoners.Select(p => p.Id).Order(), covered.Order());
    }

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
        Assert.NotEqual(
            (await fixture.Worker.Services.GetRequiredService<ISchedulerFactory>().GetScheduler()).SchedulerInstanceId,
            scheduler.SchedulerInstanceId);
        Assert.Empty(await fixture.Database.RowsAsync("SELECT 1 FROM prisoner WHERE evaluated_at IS NULL"));
    }
}
