using Hangfire;
using Hangfire.Common;
using Hangfire.Storage;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Prison.Runtime.Jobs;

namespace Prison.Worker.Tests.Jobs;

public class NightlyReevaluationJobTests
{
    private static readonly TimeZoneInfo Tokyo = TimeZoneInfo.FindSystemTimeZoneById("Asia/Tokyo");

    /// <summary>A zone without summer time, nine hours from UTC: 02:00 there is plainly not 02:00 UTC, any day of the year.</summary>
    private static readonly string[] NightsInTokyo = ["--Prison:TimeZone=Asia/Tokyo", "--Jobs:NightlyCron=0 2 * * *"];

    [Fact]
    public async Task Two_workers_on_one_database_run_a_fired_job_once()
    {
        await using var fixture = await WorkerFixture.StartAsync();
        await using var second = await RunningWorker.StartAsync(fixture.Database, fixture.QueuePrefix, fixture.Clock);
        var storage = fixture.Worker.Services.GetRequiredService<JobStorage>();
        await fixture.SaveAsync([.. Enumerable.Range(1, 30).Select(n => Records.Harmless($"N{n:00}", 1, fixture.Today.AddDays(-n)))]);

        var run = JobRuns.Fire(second.Services, NightlyReevaluationJob.Name);
        var states = await JobRuns.FinishedAsync(storage, run);
        await Eventually.Async(
            () => fixture.Database.ScalarAsync<long>("SELECT COUNT(*) FROM prisoner WHERE danger_status = 'Unknown'"),
            unknown => unknown == 0,
            "every prisoner evaluated by the nightly run");

        Assert.Equal(2, storage.GetMonitoringApi().Servers().Count);
        Assert.Single(JobRuns.TakenBy(states));
        Assert.Equal("Succeeded", states[^1].StateName);
        Assert.Equal(0L, await fixture.Database.ScalarAsync<long>($"SELECT COUNT(*) FROM {PrisonJobStorage.Schema}.jobqueue WHERE jobid = {run}"));
        Assert.Equal(["nightly job", "all", "30", "30", "0"], (await fixture.Database.RowsAsync("SELECT started_by, scope, total, done, failed FROM reevaluation_run")).Single());
    }

    [Fact]
    public async Task The_nightly_job_runs_at_Jobs_NightlyCron_in_the_prisons_time_zone_and_the_other_two_every_minute_whatever_the_threshold()
    {
        await using var fixture = await WorkerFixture.StartAsync([.. NightsInTokyo, "--Jobs:UnknownThreshold=00:00:20"]);
        var now = DateTime.UtcNow;

        var jobs = Registered(fixture.Worker.Services.GetRequiredService<JobStorage>());

        Assert.Equal(PrisonSchedule.Names, jobs.Keys.Order(StringComparer.Ordinal));
        Assert.Equal(("0 2 * * *", "Asia/Tokyo"), (jobs[NightlyReevaluationJob.Name].Cron, jobs[NightlyReevaluationJob.Name].TimeZoneId));
        Assert.Equal(NextNightInTokyoAfter(now), jobs[NightlyReevaluationJob.Name].NextExecution);
        foreach (var everyMinute in new[] { DueReevaluationJob.Name, UnknownSweeperJob.Name })
        {
            Assert.Equal("* * * * *", jobs[everyMinute].Cron);
            Assert.InRange(jobs[everyMinute].NextExecution!.Value, now.AddMinutes(-1), now.AddMinutes(1));
        }
    }

    [Fact]
    public async Task A_night_missed_while_every_worker_was_down_runs_once_when_a_worker_is_back()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var prefix = ServerArguments.NewQueuePrefix();
        var storage = PrisonJobStorage.PostgreSql(database.ConnectionString, JobSettings.From(new ConfigurationBuilder().Build()));
        await (await RunningWorker.StartAsync(database, prefix, null, NightsInTokyo)).DisposeAsync();
        var registered = Registered(storage)[NightlyReevaluationJob.Name];

        // What the storage holds when the last nightly run was three nights ago and no worker has run since: Hangfire
        // keeps a recurring job's last and next runs in its hash, and its place in the schedule as the next run's score.
        var lastNight = NextNightInTokyoAfter(DateTime.UtcNow).AddDays(-1);
        using (var connection = storage.GetConnection())
        using (var transaction = connection.CreateWriteTransaction())
        {
            transaction.SetRangeInHash($"recurring-job:{NightlyReevaluationJob.Name}", new Dictionary<string, string>
            {
                ["LastExecution"] = JobHelper.SerializeDateTime(lastNight.AddDays(-2)),
                ["NextExecution"] = JobHelper.SerializeDateTime(lastNight.AddDays(-1)),
            });
            transaction.AddToSet("recurring-jobs", NightlyReevaluationJob.Name, JobHelper.ToTimestamp(lastNight.AddDays(-1)));
            transaction.Commit();
        }

        var back = DateTime.UtcNow;
        await using var worker = await RunningWorker.StartAsync(database, prefix, null, NightsInTokyo);
        var caughtUp = await Eventually.Async(
            () => Task.FromResult(Registered(storage)[NightlyReevaluationJob.Name]),
            job => job.NextExecution > back,
            "the worker's scheduler to run the missed nights");
        var states = await JobRuns.FinishedAsync(storage, caughtUp.LastJobId!);

        Assert.Equal(registered.NextExecution, caughtUp.NextExecution);
        Assert.InRange(caughtUp.LastExecution!.Value, back, DateTime.UtcNow);
        Assert.Equal("Succeeded", states[^1].StateName);
        Assert.Equal(1L, await database.ScalarAsync<long>(
            $"SELECT COUNT(*) FROM {PrisonJobStorage.Schema}.jobparameter WHERE name = 'RecurringJobId' AND value LIKE '%{NightlyReevaluationJob.Name}%'"));
        Assert.Equal(1L, await database.ScalarAsync<long>($"SELECT COUNT(*) FROM reevaluation_run WHERE started_by = '{NightlyReevaluationJob.StartedBy}'"));
    }

    private static Dictionary<string, RecurringJobDto> Registered(JobStorage storage)
    {
        using var connection = storage.GetConnection();
        return connection.GetRecurringJobs(PrisonSchedule.Names).Where(job => !job.Removed).ToDictionary(job => job.Id);
    }

    /// <summary>The first 02:00 in Tokyo after <paramref name="utc"/>, as a UTC instant.</summary>
    private static DateTime NextNightInTokyoAfter(DateTime utc)
    {
        var local = TimeZoneInfo.ConvertTimeFromUtc(utc, Tokyo);
        var night = local.Date.AddHours(2);
        return TimeZoneInfo.ConvertTimeToUtc(night > local ? night : night.AddDays(1), Tokyo);
    }
}
