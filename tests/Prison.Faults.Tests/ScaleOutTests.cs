using Microsoft.Extensions.Configuration;
using Prison.Runtime.Jobs;

namespace Prison.Faults.Tests;

/// <summary>More workers share the work: a run's batches spread over them, and a fired job runs once across them.</summary>
public sealed class ScaleOutTests
{
    private const int Prisoners = 20_000;

    [Fact]
    public async Task Two_worker_processes_share_a_full_reevaluation_and_a_fired_job_runs_once_across_them()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await Population.AddAsync(database, Prisoners);
        var configuration = ServerArguments.For(database, ServerArguments.NewQueuePrefix(), "--Jobs:BatchSize=200");
        var commandLine = configuration[1..];
        await using var workers = await WorkerServices.StartAsync(2, configuration);

        var run = await WorkerProcess.RunAsync(["reevaluate", "--all", .. commandLine]);
        var verify = await WorkerProcess.RunAsync(["verify", .. commandLine]);
        var jobs = PrisonJobStorage.PostgreSql(database.ConnectionString, JobSettings.From(new ConfigurationBuilder().Build()));
        var before = JobRuns.Last(jobs, "unknown-sweeper");
        var fired = await WorkerProcess.RunAsync(["jobs", "trigger", "unknown-sweeper", .. commandLine]);
        var sweep = await JobRuns.NextAsync(jobs, "unknown-sweeper", before);
        var states = await JobRuns.FinishedAsync(jobs, sweep, TimeSpan.FromSeconds(30));

        Assert.True(run.ExitCode == 0, run.Output);

        // The first worker to start may already have started a run, because the stored verdicts come from another
        // rule set; the command line then joined it or started the next one. The last run is the one it watched.
        var last = (await database.RowsAsync("SELECT id, scope, total, done, failed, batches, finished_batches, finished_at IS NOT NULL FROM reevaluation_run ORDER BY started_at DESC LIMIT 1")).Single();
        Assert.Equal(["all", Prisoners.ToString(), Prisoners.ToString(), "0", "100", "100", "True"], last[1..]);
        var batchesByWorker = (await database.RowsAsync($"SELECT worker, count(*) FROM reevaluation_batch WHERE run_id = '{last[0]}' GROUP BY worker"))
            .ToDictionary(row => row[0], row => int.Parse(row[1], System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal(workers.Started.Select(w => w.Name).Order(StringComparer.Ordinal), batchesByWorker.Keys.Order(StringComparer.Ordinal));
        Assert.Equal(100, batchesByWorker.Values.Sum());
        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown' OR rule_set = 'stale'"));
        Assert.True(verify.ExitCode == 0, verify.Output);
        Assert.Contains($"Checked {Prisoners} prisoners: 0 stored flag(s) differ from the rules, 0 prisoner(s) Unknown", verify.Output);
        Assert.True(fired.ExitCode == 0, fired.Output);
        Assert.Equal(2, jobs.GetMonitoringApi().Servers().Count);
        // Taken once, by one of the two workers, and done: nothing of it is left in the queue for the other.
        Assert.Single(JobRuns.TakenBy(states));
        Assert.Contains(workers.Started, worker => JobRuns.TakenBy(states)[0].Contains($":{worker.ProcessId}:", StringComparison.Ordinal));
        Assert.Equal("Succeeded", states[^1].StateName);
        Assert.Equal(0L, await database.ScalarAsync<long>($"SELECT count(*) FROM {PrisonJobStorage.Schema}.jobqueue WHERE jobid = {sweep}"));
    }
}
