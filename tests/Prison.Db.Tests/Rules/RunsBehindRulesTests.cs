using Prison.Db.RuleSettings;
using Prison.Db.Runs;

namespace Prison.Db.Tests.Rules;

public class RunsBehindRulesTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_run_is_behind_the_rules_only_once_finished_under_a_rule_set_no_longer_in_force(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();
        var now = TestDay.Noon.UtcDateTime;
        var run = new ReevaluationRun { StartedBy = "test", Scope = "all", RuleSet = "aaaa", Total = 1, Batches = 1, StartedAtUtc = now, IsCurrent = true };
        await db.TryStartRunAsync(run, CancellationToken.None);
        await db.RecordRuleSetInForceAsync("bbbb", now);

        var whileRunning = await db.FinishedBehindTheRulesAsync(run.Id);
        await db.RecordBatchAsync(run.Id, 0, 1, failed: false, now, CancellationToken.None);
        var finished = await db.FinishedBehindTheRulesAsync(run.Id);
        await db.RecordRuleSetInForceAsync("aaaa", now);
        var caughtUp = await db.FinishedBehindTheRulesAsync(run.Id);

        Assert.Equal((false, true, false), (whileRunning, finished, caughtUp));
    }
}
