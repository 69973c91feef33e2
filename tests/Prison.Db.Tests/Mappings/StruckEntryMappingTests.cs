using Prison.Db.Reads;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Mappings;

public class StruckEntryMappingTests
{
    private static readonly DateTime StruckAt = new(2026, 11, 21, 15, 30, 0, DateTimeKind.Utc);
    private static readonly DateOnly Today = new(2026, 11, 21);

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_struck_entry_is_stored_with_who_when_and_why_and_read_back_struck(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        Guid noticeId;
        await using (var db = database.Open())
        {
            var prisoner = Records.Harmless("S001", 1, Today.AddDays(-30));
            noticeId = prisoner.RecordDisciplinaryNotice(Today, NoticeType.Weapon, "a blade").Id;
            db.Prisons.Add(Records.Prison(1));
            db.Prisoners.Add(prisoner);
            await db.SaveRecordChangesAsync();
        }

        await using (var db = database.Open())
        {
            var prisoner = (await db.LoadPrisonerAsync("S001", Tracking.Tracked))!;
            prisoner.StrikeOut(noticeId, new Strike(StruckAt, "officer Smith", "wrong prisoner"));
            await db.SaveRecordChangesAsync();
        }

        await using (var db = database.Open())
        {
            var prisoner = (await db.LoadPrisonerAsync("S001", Tracking.Tracked))!;
            Assert.Empty(prisoner.DisciplinaryNotices);
            var notice = Assert.Single(prisoner.EntriesIncludingStruck().OfType<DisciplinaryNotice>());
            Assert.Equal((StruckAt, DateTimeKind.Utc, "officer Smith", "wrong prisoner"), (notice.Strike!.AtUtc, notice.Strike.AtUtc.Kind, notice.Strike.By, notice.Strike.Reason));
            Assert.All(prisoner.EntriesIncludingStruck().Where(e => e.Id != noticeId), e => Assert.Null(e.Strike));
        }
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_struck_current_stay_leaves_the_dashboard_and_makes_room_for_a_new_arrival(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.Open())
        {
            db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            db.Prisoners.Add(Records.Harmless("S002", 1, Today.AddDays(-3)));
            await db.SaveRecordChangesAsync();
        }

        await using (var db = database.Open())
        {
            var prisoner = (await db.LoadPrisonerAsync("S002", Tracking.Tracked))!;
            prisoner.StrikeOut(prisoner.CurrentStay!.Id, new Strike(StruckAt, "officer Smith", "never arrived"));
            prisoner.Admit(2, Today);
            await db.SaveRecordChangesAsync();
        }

        await using (var db = database.Open())
        {
            Assert.Empty((await db.DashboardAsync(1)).Rows);
            Assert.Equal("S002", Assert.Single((await db.DashboardAsync(2)).Rows).Number);
        }
    }
}
