using Prison.Db;
using Prison.Db.Reads;
using Prison.Web.Pages.Prisoners;

namespace Prison.Web.Tests.Pages.Prisoners;

public class StoredVerdictReadsTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Within_prisons_a_verdict_is_read_only_for_a_prisoner_held_there_now_in_one_statement_either_way(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        var released = Records.Harmless("R1", 1, TestDay.Today.AddDays(-9));
        released.Release(TestDay.Today.AddDays(-1));
        var here = Records.Harmless("H1", 1, TestDay.Today);
        var elsewhere = Records.Harmless("E2", 2, TestDay.Today);
        await using (var write = database.Open())
        {
            write.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            write.Prisoners.AddRange(here, elsewhere, released);
            await write.SaveRecordChangesAsync();
        }

        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        Assert.NotNull(await db.StoredVerdictAsync(here.Id, prisonIds: [1]));
        Assert.Null(await db.StoredVerdictAsync(elsewhere.Id, prisonIds: [1]));
        Assert.Null(await db.StoredVerdictAsync(released.Id, prisonIds: [1, 2]));
        Assert.Null(await db.StoredVerdictAsync(here.Id, prisonIds: []));
        Assert.NotNull(await db.StoredVerdictAsync(released.Id, prisonIds: null));
        Assert.NotNull(await db.StoredVerdictAsync(elsewhere.Id, prisonIds: null));
        Assert.Null(await db.StoredVerdictAsync(Guid.NewGuid(), prisonIds: null));
        Assert.Equal(7, counter.Count);
    }
}
