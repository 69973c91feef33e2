using Prison.Db.Reads;
using Prison.Db.Tests.Reads;
using Prison.Db.Writes;
using Xunit.Abstractions;

namespace Prison.Db.Tests.Writes;

/// <summary>
/// The gate that keeps the guarded verdict write of a batch at its cost: the same batch of first verdicts written at two
/// sizes of the same data (2,000 and 20,000 prisoners, <see cref="ReadBudgetTests.TwoSizes"/>) sends one statement, and
/// the buffers, rows and trigger calls it costs the database, triggers included (<see cref="WriteWork"/>), stay within a
/// budget per verdict and do not grow with the prisoners held. A trigger that scans every current stay again (as the
/// counts' trigger of migration 025 did, planned as a hash join over all of them) fails here.
/// </summary>
public class VerdictWriteBudgetTests(ReadBudgetTests.TwoSizes data, ITestOutputHelper output) : IClassFixture<ReadBudgetTests.TwoSizes>
{
    private const int Batch = 200;

    [Fact]
    public async Task A_batch_of_verdicts_is_one_statement_whose_buffers_rows_and_trigger_calls_per_verdict_stay_within_budget_at_any_number_of_prisoners()
    {
        var (smallStatements, small) = await WriteBatchAsync(data.Small);
        var (largeStatements, large) = await WriteBatchAsync(data.Large);
        output.WriteLine($"a batch of {Batch} first verdicts: {small} at {ReadBudgetTests.TwoSizes.SmallSize:N0} prisoners, {large} at {ReadBudgetTests.TwoSizes.LargeSize:N0}");

        Assert.Equal(1, smallStatements);
        Assert.Equal(1, largeStatements);
        foreach (var work in new[] { small, large })
        {
            Assert.InRange(work.Buffers, Batch, Batch * 60);
            Assert.InRange(work.Rows, Batch, Batch * 8);
            Assert.InRange(work.FunctionCalls, 1, Batch * 3);
        }

        // An index one level deeper costs a few pages more a batch; a scan of every current stay costs pages in
        // proportion to the prisoners held (about two hundred more at the larger size).
        Assert.True(large.Buffers <= small.Buffers + (Batch / 4), $"{small.Buffers} buffers at {ReadBudgetTests.TwoSizes.SmallSize:N0} prisoners, {large.Buffers} at {ReadBudgetTests.TwoSizes.LargeSize:N0}");
        Assert.Equal(small.Rows, large.Rows);
        Assert.Equal(small.FunctionCalls, large.FunctionCalls);
    }

    /// <summary>
    /// A full re-evaluation over unchanged records reaches the verdicts already stored: written again, each would cost a
    /// row, its index entries and the triggers' work over it, most of a nightly run's cost in the database.
    /// </summary>
    [Fact]
    public async Task A_batch_of_verdicts_already_stored_writes_no_row_and_still_counts_every_verdict_as_standing()
    {
        var database = data.Small;
        await database.ExecuteAsync($"UPDATE rule_set_in_force SET rule_set = '{SeededPrison.Evaluator.RuleSet.Id}'");
        var ids = (await database.RowsAsync($"SELECT id FROM prisoner WHERE danger_status = 'Unknown' ORDER BY number DESC LIMIT {Batch}"))
            .Select(r => Guid.Parse(r[0]))
            .ToList();
        await using var db = database.Open();
        var verdicts = (await db.LoadPrisonersAsync(ids, Tracking.Untracked)).Select(SeededPrison.Evaluated).ToList();
        Assert.Equal(Batch, await db.WriteVerdictsAsync(verdicts));

        var later = verdicts.ConvertAll(v => v with { Verdict = v.Verdict with { EvaluatedAtUtc = v.Verdict.EvaluatedAtUtc.AddHours(1) } });
        var standing = 0;
        var work = await WriteWork.OfAsync(database, db, async () => standing = await db.WriteVerdictsAsync(later));
        output.WriteLine($"a batch of {Batch} verdicts already stored: {work}");

        Assert.Equal(Batch, standing);
        Assert.Equal(0, work.Rows);
        // The statement's triggers still run once each, over no row; nothing per verdict.
        Assert.InRange(work.FunctionCalls, 0, 10);
    }

    /// <summary>The first verdicts of <see cref="Batch"/> prisoners still Unknown, evaluated in memory and written in one batch.</summary>
    private static async Task<(int Statements, WriteWork Work)> WriteBatchAsync(ScratchDatabase database)
    {
        await database.ExecuteAsync($"UPDATE rule_set_in_force SET rule_set = '{SeededPrison.Evaluator.RuleSet.Id}'");
        var ids = (await database.RowsAsync($"SELECT id FROM prisoner WHERE danger_status = 'Unknown' ORDER BY number LIMIT {Batch}"))
            .Select(r => Guid.Parse(r[0]))
            .ToList();
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);
        var prisoners = await db.LoadPrisonersAsync(ids, Tracking.Untracked);
        var verdicts = prisoners.Select(SeededPrison.Evaluated).ToList();
        var written = 0;
        var work = await WriteWork.OfAsync(database, db, async () =>
        {
            counter.Reset();
            written = await db.WriteVerdictsAsync(verdicts);
        });
        Assert.Equal(Batch, written);
        return (counter.Count, work);
    }
}
