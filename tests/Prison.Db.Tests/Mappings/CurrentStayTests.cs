using Microsoft.EntityFrameworkCore;
using Prison.Db.Mappings;
using Prison.Db.Reads;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Mappings;

public class CurrentStayTests
{
    private static readonly DateOnly Today = new(2026, 11, 21);

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_sql_of_a_current_stay_finds_the_stays_its_linq_finds(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.Open())
        {
            db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            db.Prisoners.AddRange(Records.Harmless("C001", 1, Today.AddDays(-9)), Records.Harmless("R001", 1, Today.AddDays(-9)), Records.Harmless("S001", 1, Today.AddDays(-9)));
            await db.SaveRecordChangesAsync();
        }

        await using (var db = database.Open())
        {
            (await db.LoadPrisonerAsync("R001", Tracking.Tracked))!.Release(Today.AddDays(-1));
            var struck = (await db.LoadPrisonerAsync("S001", Tracking.Tracked))!;
            struck.StrikeOut(struck.CurrentStay!.Id, new Strike(new DateTime(2026, 11, 21, 12, 0, 0, DateTimeKind.Utc), "clerk", "never arrived"));
            struck.Admit(2, Today);
            await db.SaveRecordChangesAsync();
        }

        await using (var db = database.Open())
        {
            var byLinq = await db.Set<Stay>().Where(CurrentStayCondition.Is).Select(s => new { s.PrisonId, s.ArrivalDate }).ToListAsync();
            var sql = "SELECT prison_id AS \"Value\" FROM imprisonment WHERE " + CurrentStayCondition.Sql + " ORDER BY prison_id";
            var aliasedSql = "SELECT i.prison_id AS \"Value\" FROM imprisonment i WHERE " + CurrentStayCondition.SqlOf("i") + " ORDER BY i.prison_id";
            var bySql = await db.Database.SqlQueryRaw<int>(sql).ToListAsync();
            var byAliasedSql = await db.Database.SqlQueryRaw<int>(aliasedSql).ToListAsync();

            Assert.Equal([1, 2], byLinq.Select(s => s.PrisonId).Order());
            Assert.Equal([1, 2], bySql);
            Assert.Equal([1, 2], byAliasedSql);
            Assert.Equal(4, await db.Set<Stay>().CountAsync());
        }
    }
}
