namespace Prison.Faults.Tests;

/// <summary>A worker that dies mid-run loses nothing: its unacknowledged batches go to the next worker.</summary>
public sealed class WorkerCrashTests
{
    private const int Prisoners = 20_000;

    [Fact]
    public async Task A_worker_killed_in_the_middle_of_a_full_reevaluation_leaves_the_run_to_a_restarted_worker_which_finishes_it()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await Population.AddAsync(database, Prisoners);
        var configuration = ServerArguments.For(database, ServerArguments.NewQueuePrefix(), "--Jobs:BatchSize=100");
        var commandLine = configuration[1..];
        await using var workers = await WorkerServices.StartAsync(1, configuration);

        // The operator's command follows the run to its end, across the crash.
        var watching = WorkerProcess.RunAsync(["reevaluate", "--all", .. commandLine]);
        var progressAtKill = await Eventually.Async(Progress, done => done >= Prisoners / 10, "the run to pass 10%", TimeSpan.FromSeconds(90));
        workers.Started[0].Kill();
        var progressAfterKill = await Progress();
        await workers.AddAsync(configuration);
        var run = await watching;
        var verify = await WorkerProcess.RunAsync(["verify", .. commandLine]);

        Assert.InRange(progressAtKill, Prisoners / 10, Prisoners * 6 / 10);
        Assert.True(progressAfterKill < Prisoners, $"the run finished before the kill took effect ({progressAfterKill} done)");
        Assert.True(run.ExitCode == 0, run.Output);
        Assert.Contains($"Finished: {Prisoners} re-evaluated, 0 failed", run.Output);
        Assert.Equal(
            [Prisoners.ToString(), Prisoners.ToString(), "0", "200", "True"],
            (await database.RowsAsync("SELECT total, done, failed, finished_batches, finished_at IS NOT NULL FROM reevaluation_run")).Single());
        Assert.Equal(2L, await database.ScalarAsync<long>("SELECT count(DISTINCT worker) FROM reevaluation_batch"));
        Assert.Equal(0L, await database.ScalarAsync<long>("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown' OR rule_set = 'stale'"));
        Assert.True(verify.ExitCode == 0, verify.Output);
        Assert.Contains($"Checked {Prisoners} prisoners: 0 stored flag(s) differ from the rules, 0 prisoner(s) Unknown", verify.Output);

        Task<long> Progress() => database.ScalarAsync<long>("SELECT coalesce(sum(done + failed), 0) FROM reevaluation_run");
    }
}
