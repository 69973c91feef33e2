using System.Text.Json;
using Microsoft.EntityFrameworkCore;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Tests.Audit;

public class RecordChangeAuditTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_change_is_saved_with_one_entry_saying_who_when_what_and_the_values_before_and_after(Engine engine)
    {
        await using var database = await SeededAsync(engine, out var clock);
        clock.Advance(TimeSpan.FromHours(1));

        await using (var db = database.OpenAs("alice", clock))
        {
            var prisoner = (await db.LoadPrisonerAsync("A1", Tracking.Tracked))!;
            prisoner.ChangeLegalStatus(LegalStatus.Remand);
            prisoner.RecordDisciplinaryNotice(TestDay.Today, NoticeType.Weapon, "a blade");
            await db.SaveRecordChangesAsync();
        }

        await using var read = database.Open();
        var entry = Assert.Single(await read.AuditEntries.Where(e => e.UserName == "alice").ToListAsync());
        Assert.Equal(AuditAction.PrisonerChanged, entry.Action);
        Assert.Equal(TestDay.Noon.UtcDateTime.AddHours(1), entry.AtUtc);
        Assert.Equal("A1", entry.PrisonerNumber);
        Assert.Equal(await read.Prisoners.Where(p => p.Number == "A1").Select(p => p.Id).SingleAsync(), entry.PrisonerId);
        Assert.Equal("Changed prisoner (legal status); added disciplinary notice", entry.Summary);
        Assert.Equal("""{"Prisoner":{"LegalStatus":"Convicted"}}""", entry.Before);

        var after = JsonDocument.Parse(entry.After!).RootElement;
        Assert.Equal("Remand", after.GetProperty("Prisoner").GetProperty("LegalStatus").GetString());
        var notice = Assert.Single(after.EnumerateObject(), part => part.Name.StartsWith("DisciplinaryNotice ", StringComparison.Ordinal)).Value;
        Assert.Equal("Weapon", notice.GetProperty("Type").GetString());
        Assert.Equal("2026-11-20", notice.GetProperty("Date").GetString());
        Assert.Equal("a blade", notice.GetProperty("Description").GetString());
        // Bookkeeping every change touches says nothing staff did.
        Assert.False(after.GetProperty("Prisoner").TryGetProperty("ChangeVersion", out _));
        Assert.False(after.GetProperty("Prisoner").TryGetProperty("DangerStatus", out _));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_audit_entry_goes_in_the_same_batch_on_PostgreSQL_and_adds_one_statement_on_SQLite(Engine engine)
    {
        await using var database = await SeededAsync(engine, out var clock);
        var counter = new StatementCounter();
        await using var db = database.OpenAs("alice", clock, counter);
        (await db.LoadPrisonerAsync("A1", Tracking.Tracked))!.RecordDisciplinaryNotice(TestDay.Today, NoticeType.Weapon, "a blade");
        counter.Reset();

        await db.SaveRecordChangesAsync();

        // PostgreSQL sends the whole save as one batch; EF Core's SQLite provider sends one statement a row, in one
        // transaction: the audit entry adds one statement per changed prisoner.
        Assert.Equal(engine == Engine.PostgreSql ? 1 : 3, counter.Count);
        Assert.Single(counter.Statements, s => s.Contains("INSERT INTO \"audit_entry\"", StringComparison.Ordinal) || s.Contains("INSERT INTO audit_entry", StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_new_prisoner_is_recorded_as_added_with_every_part_of_the_record(Engine engine)
    {
        await using var database = await SeededAsync(engine, out _);

        await using var read = database.Open();
        var entry = Assert.Single(await read.AuditEntries.ToListAsync());
        Assert.Equal(AuditAction.PrisonerAdded, entry.Action);
        Assert.Equal("seed", entry.UserName);
        Assert.Null(entry.Before);
        var after = JsonDocument.Parse(entry.After!).RootElement;
        Assert.Equal("Prisoner A1", after.GetProperty("Prisoner").GetProperty("Name").GetString());
        var stay = Assert.Single(after.EnumerateObject(), part => part.Name.StartsWith("Stay ", StringComparison.Ordinal)).Value;
        Assert.Equal(1, stay.GetProperty("PrisonId").GetInt32());
        // Absent optional parts (no sentence, not struck) are left out rather than listed as empty values.
        Assert.DoesNotContain(stay.EnumerateObject(), p => p.Name.StartsWith("Sentence.", StringComparison.Ordinal) || p.Name.StartsWith("Strike.", StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_change_rolled_back_leaves_no_audit_entry(Engine engine)
    {
        await using var database = await SeededAsync(engine, out var clock);

        await using (var db = database.OpenAs("bob", clock))
        {
            await db.Database.CreateExecutionStrategy().ExecuteAsync(async () =>
            {
                await using var transaction = await db.Database.BeginTransactionAsync();
                (await db.LoadPrisonerAsync("A1", Tracking.Tracked))!.RecordDisciplinaryNotice(TestDay.Today, NoticeType.Weapon, "a blade");
                await db.SaveRecordChangesAsync();
                await transaction.RollbackAsync();
            });
        }

        Assert.Equal(0, await database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE user_name = 'bob'"));
        Assert.Equal(0, await database.ScalarAsync<long>("SELECT count(*) FROM disciplinary_notice"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_change_refused_for_a_concurrent_one_writes_no_audit_entry(Engine engine)
    {
        await using var database = await SeededAsync(engine, out var clock);
        await using var first = database.OpenAs("first", clock);
        await using var second = database.OpenAs("second", clock);
        var seenByFirst = (await first.LoadPrisonerAsync("A1", Tracking.Tracked))!;
        var seenBySecond = (await second.LoadPrisonerAsync("A1", Tracking.Tracked))!;

        seenByFirst.RecordDisciplinaryNotice(TestDay.Today, NoticeType.Threat, "first");
        await first.SaveRecordChangesAsync();
        seenBySecond.RecordDisciplinaryNotice(TestDay.Today, NoticeType.Weapon, "second");

        await Assert.ThrowsAsync<DbUpdateConcurrencyException>(() => second.SaveRecordChangesAsync());
        Assert.Equal(1, await database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE user_name = 'first'"));
        Assert.Equal(0, await database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE user_name = 'second'"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_bulk_replay_without_values_still_writes_one_entry_per_prisoner_saying_what_changed(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var db = database.OpenAs(AuditActor.Import.Name!))
        {
            db.AuditChangedValues = false;
            db.Prisons.Add(Records.Prison(1));
            db.Prisoners.AddRange(Records.Harmless("B1", 1, TestDay.Today), Records.Harmless("B2", 1, TestDay.Today));
            await db.SaveRecordChangesAsync();
        }

        await using var read = database.Open();
        var entries = await read.AuditEntries.OrderBy(e => e.PrisonerNumber).ToListAsync();
        Assert.Equal(
            [("B1", "import", AuditAction.PrisonerAdded, "Added prisoner; added stay"), ("B2", "import", AuditAction.PrisonerAdded, "Added prisoner; added stay")],
            entries.Select(e => (e.PrisonerNumber!, e.UserName, e.Action, e.Summary)));
        Assert.All(entries, e => Assert.Null(e.Before));
        Assert.All(entries, e => Assert.Null(e.After));
    }

    private static Task<ScratchDatabase> SeededAsync(Engine engine, out MovableClock clock)
    {
        var movable = clock = new MovableClock(TestDay.Noon);
        return SeedAsync();

        async Task<ScratchDatabase> SeedAsync()
        {
            var database = await ScratchDatabase.MigratedAsync(engine);
            await using var db = database.OpenAs("seed", movable);
            db.Prisons.Add(Records.Prison(1));
            db.Prisoners.Add(Records.Harmless("A1", 1, TestDay.Today.AddDays(-5)));
            await db.SaveRecordChangesAsync();
            return database;
        }
    }
}
