using Prison.Db.Runs;

namespace Prison.Db.Tests.Runs;

public class RunWritesTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Only_one_run_is_current_at_a_time(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();

        var first = await db.TryStartRunAsync(Run(batches: 2), CancellationToken.None);
        var second = await db.TryStartRunAsync(Run(batches: 2), CancellationToken.None);

        Assert.True(first);
        Assert.False(second);
        Assert.Equal(1, await database.ScalarAsync<long>("SELECT COUNT(*) FROM reevaluation_run"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_batch_delivered_twice_counts_once_and_the_last_batch_finishes_the_run(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();
        var run = Run(batches: 3);
        await db.TryStartRunAsync(run, CancellationToken.None);
        var now = TestDay.Noon.UtcDateTime;

        await db.RecordBatchAsync(run.Id, 0, 500, failed: false, now, CancellationToken.None);
        await db.RecordBatchAsync(run.Id, 0, 500, failed: false, now, CancellationToken.None);
        await db.RecordBatchAsync(run.Id, 1, 500, failed: true, now, CancellationToken.None);
        var before = await db.RunAsync(run.Id, CancellationToken.None);
        await db.RecordBatchAsync(run.Id, 2, 200, failed: false, now.AddSeconds(3), CancellationToken.None);
        var after = await db.RunAsync(run.Id, CancellationToken.None);

        Assert.Equal((500, 500, false), (before!.Done, before.Failed, before.IsFinished));
        Assert.Equal((700, 500, 3), (after!.Done, after.Failed, after.FinishedBatches));
        Assert.Equal(now.AddSeconds(3), after.FinishedAtUtc);
        Assert.Null(after.IsCurrent);
        Assert.Null(await db.CurrentRunAsync(CancellationToken.None));
        Assert.True(await db.TryStartRunAsync(Run(batches: 1), CancellationToken.None));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task An_abandoned_run_counts_what_was_not_done_as_failed_and_frees_the_way(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();
        var run = Run(batches: 2);
        await db.TryStartRunAsync(run, CancellationToken.None);
        await db.RecordBatchAsync(run.Id, 0, 500, failed: false, TestDay.Noon.UtcDateTime, CancellationToken.None);

        await db.AbandonRunAsync(run.Id, TestDay.Noon.UtcDateTime, CancellationToken.None);

        var abandoned = await db.RunAsync(run.Id, CancellationToken.None);
        Assert.Equal((500, run.Total - 500, true), (abandoned!.Done, abandoned.Failed, abandoned.IsFinished));
        Assert.Null(await db.CurrentRunAsync(CancellationToken.None));
    }

    private static ReevaluationRun Run(int batches) => new()
    {
        StartedBy = "test",
        Scope = "all",
        RuleSet = "0123456789abcdef",
        Total = 1000 + (batches * 100),
        Batches = batches,
        StartedAtUtc = TestDay.Noon.UtcDateTime,
    };
}
