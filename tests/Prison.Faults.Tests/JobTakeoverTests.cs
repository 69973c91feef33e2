using System.Text.RegularExpressions;
using Microsoft.Extensions.Configuration;
using Prison.Runtime.Jobs;

namespace Prison.Faults.Tests;

/// <summary>A worker killed in the middle of a scheduled job leaves the job to another worker, which runs it to the end.</summary>
public sealed class JobTakeoverTests
{
    private const int Prisoners = 200;

    [Fact]
    public async Task A_job_whose_worker_is_killed_mid_run_is_taken_over_by_the_other_worker_and_done()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await Population.AddAsync(database, Prisoners);
        var configuration = ServerArguments.For(database, ServerArguments.NewQueuePrefix(), "--Jobs:TakeOverAfter=00:00:10");
        var commandLine = configuration[1..];
        await using var workers = await WorkerServices.StartAsync(2, configuration);
        var jobs = PrisonJobStorage.PostgreSql(database.ConnectionString, JobSettings.From(new ConfigurationBuilder().Build()));
        // The population's stale verdicts make the first worker re-evaluate everyone; then every prisoner is due.
        await Eventually.Async(
            () => database.RowsAsync("SELECT count(*), count(*) FILTER (WHERE finished_at IS NULL) FROM reevaluation_run"),
            runs => runs[0] is [not "0", "0"],
            "the rule-set run the first worker started to finish",
            TimeSpan.FromSeconds(90));
        await database.ExecuteAsync("UPDATE prisoner SET reevaluate_at = now() - interval '1 minute'");

        // The test holds the prisoners' table: a run of the job, on whichever worker takes it, waits at its first
        // query until the test lets go, which it does only once that worker is dead.
        await using var blocker = await database.OpenConnectionAsync();
        await using var holding = await blocker.BeginTransactionAsync();
        await using (var take = blocker.CreateCommand())
        {
            take.Transaction = holding;
            take.CommandText = "LOCK TABLE prisoner IN ACCESS EXCLUSIVE MODE";
            await take.ExecuteNonQueryAsync();
        }

        var before = JobRuns.Last(jobs, DueReevaluationJob.Name);
        var fired = await WorkerProcess.RunAsync(["jobs", "trigger", DueReevaluationJob.Name, .. commandLine]);
        Assert.True(fired.ExitCode == 0, fired.Output);
        var run = await JobRuns.NextAsync(jobs, DueReevaluationJob.Name, before);
        var takenBy = await Eventually.Async(
            () => Task.FromResult(JobRuns.TakenBy(JobRuns.States(jobs, run))), servers => servers.Count == 1, "a worker to take the fired job", TimeSpan.FromSeconds(30));
        var victim = workers.Started.Single(worker => takenBy[0].Contains($":{worker.ProcessId}:", StringComparison.Ordinal));
        await Eventually.Async(
            () => database.ScalarAsync<long>("SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'prisoner'::regclass"),
            waiting => waiting >= 1,
            "the job's query to wait for the prisoners' table");
        victim.Kill();
        await holding.RollbackAsync();
        var released = (await database.RowsAsync("SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')")).Single()[0];
        var states = await JobRuns.FinishedAsync(jobs, run, TimeSpan.FromSeconds(60));
        var survivor = workers.Started.Single(worker => worker != victim);

        Assert.True(fired.ExitCode == 0, fired.Output);
        Assert.Equal(
            [$":{victim.ProcessId}:", $":{survivor.ProcessId}:"],
            JobRuns.TakenBy(states).Select(server => Regex.Match(server, @":\d+:").Value));
        Assert.Equal("Succeeded", states[^1].StateName);
        Assert.Matches(@"^\d+ re-evaluated$", JobRuns.Result(states));
        // What was due when the dead worker's hold ended was done by the run the survivor took over (or a scheduled one).
        Assert.Equal(0L, await database.ScalarAsync<long>(
            $"SELECT count(*) FROM prisoner WHERE reevaluate_at <= TIMESTAMPTZ '{released}Z' AND danger_status <> 'Unknown'"));
    }

    [Fact]
    public async Task A_schedule_lock_left_by_a_killed_worker_ends_after_the_takeover_time_so_a_new_worker_starts_and_the_job_runs_again()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        var configuration = ServerArguments.For(database, ServerArguments.NewQueuePrefix(), "--Jobs:TakeOverAfter=00:00:10");
        var jobs = PrisonJobStorage.PostgreSql(database.ConnectionString, JobSettings.From(new ConfigurationBuilder().Build()));
        await using (await WorkerServices.StartAsync(1, configuration))
        {
            // The first worker creates Hangfire's schema and the schedule.
        }

        // What a worker killed while it scheduled the job leaves: the job's lock, which nobody will release. The first
        // worker, stopped while its scheduler held that lock, may have left it already: then it is taken afresh.
        await database.ExecuteAsync(
            $"INSERT INTO {PrisonJobStorage.Schema}.lock (resource, updatecount, acquired) VALUES ('hangfire:lock:recurring-job:{DueReevaluationJob.Name}', 0, now() AT TIME ZONE 'UTC') " +
            "ON CONFLICT (resource) DO UPDATE SET acquired = EXCLUDED.acquired");
        var started = DateTimeOffset.UtcNow;
        await using var workers = await WorkerServices.StartAsync(1, configuration);
        var ran = await Eventually.Async(
            () => Task.FromResult(JobOverview.Read(jobs).Single(job => job.Name == DueReevaluationJob.Name)),
            job => job.LastRunUtc > started && job.LastSucceeded == true,
            "the job run by its schedule again",
            TimeSpan.FromSeconds(120));

        Assert.Equal(0L, await database.ScalarAsync<long>($"SELECT count(*) FROM {PrisonJobStorage.Schema}.lock WHERE resource LIKE '%{DueReevaluationJob.Name}'"));
        Assert.StartsWith("succeeded", ran.LastOutcome, StringComparison.Ordinal);
    }
}
