using Microsoft.EntityFrameworkCore;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Domain.Record;

namespace Prison.Db.Tests;

/// <summary>
/// On PostgreSQL a save broken by a transient fault is retried (EF Core's execution strategy) and its change is
/// stored once: sent again when it did not reach the database, finished without sending it again when it had committed.
/// </summary>
public class TransientFaultTests
{
    private const string AuditInsert = "INSERT INTO audit_entry";

    [Fact]
    public async Task A_change_whose_connection_breaks_before_it_runs_is_sent_again_and_stored_once()
    {
        await using var database = await SeededAsync();
        var before = await VersionAsync(database);
        var fault = new OneTransientFault(AuditInsert, afterRunning: false);

        await using (var db = database.Open(null, fault))
        {
            (await db.LoadPrisonerAsync("F1", Tracking.Tracked))!.RecordDisciplinaryNotice(TestDay.Today, NoticeType.Weapon, "a blade");
            Assert.Equal(before + 1, Assert.Single(await db.SaveRecordChangesAsync()).ChangeVersion);
        }

        Assert.Equal(2, fault.Sent);
        Assert.Equal(1, await database.ScalarAsync<long>("SELECT count(*) FROM disciplinary_notice"));
        Assert.Equal(1, await database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE action = 'PrisonerChanged'"));
        Assert.Equal(before + 1, await VersionAsync(database));
    }

    [Fact]
    public async Task A_change_committed_whose_answer_is_lost_is_found_by_its_audit_entry_and_not_sent_again()
    {
        await using var database = await SeededAsync();
        var before = await VersionAsync(database);
        var fault = new OneTransientFault(AuditInsert, afterRunning: true);

        await using (var db = database.Open(null, fault))
        {
            (await db.LoadPrisonerAsync("F1", Tracking.Tracked))!.RecordDisciplinaryNotice(TestDay.Today, NoticeType.Weapon, "a blade");
            Assert.Equal(before + 1, Assert.Single(await db.SaveRecordChangesAsync()).ChangeVersion);

            // The unit of work goes on as after any save: the change was accepted, so a further one builds on it.
            (await db.LoadPrisonerAsync("F1", Tracking.Tracked))!.RecordDisciplinaryNotice(TestDay.Today, NoticeType.Threat, "a threat");
            Assert.Equal(before + 2, Assert.Single(await db.SaveRecordChangesAsync()).ChangeVersion);
        }

        Assert.Equal(2, fault.Sent);
        Assert.Equal(2, await database.ScalarAsync<long>("SELECT count(*) FROM disciplinary_notice"));
        Assert.Equal(2, await database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE action = 'PrisonerChanged'"));
        Assert.Equal(before + 2, await VersionAsync(database));
    }

    [Fact]
    public async Task A_struck_transfer_whose_reopening_breaks_is_rolled_back_and_saved_again_whole()
    {
        await using var database = await SeededAsync();
        Guid earlierId;
        Guid transferredId;
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison(2));
            var prisoner = (await db.LoadPrisonerAsync("F1", Tracking.Tracked))!;
            earlierId = prisoner.CurrentStay!.Id;
            transferredId = prisoner.Transfer(prisonId: 2, TestDay.Today.AddDays(-2), forDisciplinaryReasons: false).Id;
            await db.SaveRecordChangesAsync();
        }

        var before = await VersionAsync(database);
        var fault = new OneTransientFault("SET left_on = NULL", afterRunning: false);
        await using (var db = database.Open(null, fault))
        {
            (await db.LoadPrisonerAsync("F1", Tracking.Tracked))!.StrikeOut(transferredId, new Strike(TestDay.Noon.UtcDateTime, "clerk", "the move did not happen"));
            Assert.Equal(before + 1, Assert.Single(await db.SaveRecordChangesAsync()).ChangeVersion);
        }

        await using (var db = database.Open())
        {
            var prisoner = (await db.LoadPrisonerAsync("F1", Tracking.Tracked))!;
            Assert.Equal(before + 1, prisoner.ChangeVersion);
            Assert.Equal(earlierId, prisoner.CurrentStay!.Id);
            Assert.Equal("the move did not happen", prisoner.EntriesIncludingStruck().OfType<Stay>().Single(i => i.Id == transferredId).Strike?.Reason);
        }

        Assert.Equal(2, fault.Sent);
        Assert.Equal(2, await database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE action = 'PrisonerChanged'"));
    }

    [Theory]
    [InlineData(Tracking.Untracked)]
    [InlineData(Tracking.Tracked)]
    public async Task A_load_whose_connection_breaks_part_way_is_read_again_from_the_start_with_each_entry_once(Tracking tracking)
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        List<Guid> ids;
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison(1));
            var prisoners = Enumerable.Range(1, 20).Select(n => Records.Harmless($"L{n:00}", 1, TestDay.Today).WithFullRecord(3, TestDay.Today)).ToList();
            db.Prisoners.AddRange(prisoners);
            await db.SaveRecordChangesAsync();
            ids = prisoners.ConvertAll(p => p.Id);
        }

        // The drug tests are read after the stays and the notices: the statements before it ran and their rows were placed.
        var fault = new OneTransientFault("FROM drug_test", afterRunning: true);
        await using (var db = database.Open(null, fault))
        {
            var loaded = await db.LoadPrisonersAsync(ids, tracking);

            Assert.Equal(20, loaded.Count);
            Assert.All(loaded, prisoner =>
            {
                Assert.Single(prisoner.Stays);
                Assert.Equal(3, prisoner.DisciplinaryNotices.Count);
                Assert.Equal(3, prisoner.DrugTests.Count);
                Assert.Equal(3, prisoner.ContactOrderBreaches.Count);
            });
            Assert.Equal(3, (await db.LoadPrisonerAsync("L07", tracking))!.DrugTests.Count);
        }

        Assert.Equal(3, fault.Sent);
    }

    private static Task<long> VersionAsync(ScratchDatabase database) =>
        database.ScalarAsync<long>("SELECT change_version FROM prisoner WHERE number = 'F1'");

    private static async Task<ScratchDatabase> SeededAsync()
    {
        var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var db = database.Open();
        db.Prisons.Add(Records.Prison(1));
        db.Prisoners.Add(Records.Harmless("F1", 1, TestDay.Today.AddDays(-10)));
        await db.SaveRecordChangesAsync();
        return database;
    }
}
