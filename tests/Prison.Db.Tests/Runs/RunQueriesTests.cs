using Prison.Db.Runs;
using Prison.Domain.Messages;

namespace Prison.Db.Tests.Runs;

public class RunQueriesTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_batches_of_a_run_cover_every_prisoner_exactly_once(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var ids = await SaveAsync(database, atPrison1: 23, atPrison2: 2);
        await using var db = database.Open();

        var ends = await db.BatchEndsAsync(RunScope.All, batchSize: 10, CancellationToken.None);
        var covered = await CoveredAsync(db, ends, RunScope.All);

        Assert.Equal(3, ends.Count);
        Assert.All(ends, e => Assert.Equal(25, e.Total));
        Assert.Equal(ids.Order(), covered.Order());
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_prison_run_covers_its_current_prisoners_only(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await SaveAsync(database, atPrison1: 30, atPrison2: 25);
        await using var db = database.Open();
        var scope = RunScope.Prison(2, "P2");

        var ends = await db.BatchEndsAsync(scope, batchSize: 10, CancellationToken.None);
        var covered = await CoveredAsync(db, ends, scope);

        Assert.Equal(3, ends.Count);
        Assert.Equal(25, ends[0].Total);
        Assert.Equal(25, covered.Distinct().Count());
        Assert.Equal(25, covered.Count);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_prisoner_run_is_one_batch_of_one(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var ids = await SaveAsync(database, atPrison1: 5, atPrison2: 0);
        await using var db = database.Open();
        var scope = RunScope.Prisoner(ids[2], "X");

        var ends = await db.BatchEndsAsync(scope, batchSize: 500, CancellationToken.None);

        Assert.Equal([ids[2]], ends.Select(e => e.Id));
        Assert.Equal([ids[2]], await CoveredAsync(db, ends, scope));
    }

    private static async Task<List<Guid>> CoveredAsync(PrisonDb db, IReadOnlyList<BatchEnd> ends, RunScope scope)
    {
        var covered = new List<Guid>();
        for (var i = 0; i < ends.Count; i++)
        {
            var range = new ReevaluateRange(Guid.Empty, i, i == 0 ? null : ends[i - 1].Id, ends[i].Id, scope.PrisonId, scope.PrisonerId);
            var ids = await db.IdsInRangeAsync(range, CancellationToken.None);
            var loaded = await db.LoadBatchAsync(range, CancellationToken.None);

            // A batch's prisoners as a run loads them (by its range when it is of every prisoner) are the ones it names.
            Assert.Equal(ids.Order(), loaded.Select(p => p.Id).Order());
            covered.AddRange(ids);
        }

        return covered;
    }

    private static async Task<IReadOnlyList<Guid>> SaveAsync(ScratchDatabase database, int atPrison1, int atPrison2)
    {
        await using var db = database.Open();
        db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
        var prisoners = Enumerable.Range(0, atPrison1 + atPrison2)
            .Select(n => Records.Harmless($"Q{n:0000}", n < atPrison1 ? 1 : 2, TestDay.Today))
            .ToList();
        db.Prisoners.AddRange(prisoners);
        await db.SaveRecordChangesAsync();
        return prisoners.Select(p => p.Id).ToList();
    }
}
