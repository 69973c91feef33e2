using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Web.Pages.Admin.Audit;

namespace Prison.Web.Tests.Pages.Admin.Audit;

public class AuditReadsTests
{
    private static readonly DateTime Start = TestDay.Noon.UtcDateTime;

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Pages_go_newest_first_fifty_at_a_time_in_one_statement_each(Engine engine)
    {
        await using var database = await LoggedAsync(engine, entries: 120);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var first = await db.AuditPageAsync(new AuditFilter(), prisonIds: null);
        var third = await db.AuditPageAsync(new AuditFilter(Page: 3), prisonIds: null);

        Assert.Equal(2, counter.Count);
        Assert.Equal(Enumerable.Range(71, 50).Reverse().Select(Minute), first.Entries.Select(e => e.AtUtc));
        Assert.True(first.HasNext);
        Assert.False(first.HasPrevious);
        Assert.Equal(Enumerable.Range(1, 20).Reverse().Select(Minute), third.Entries.Select(e => e.AtUtc));
        Assert.False(third.HasNext);
        Assert.True(third.HasPrevious);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Filters_by_user_prisoner_and_time_combine_in_one_statement(Engine engine)
    {
        await using var database = await LoggedAsync(engine, entries: 120);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var byAlice = await db.AuditPageAsync(new AuditFilter(UserName: "alice"), prisonIds: null);
        var aboutA2 = await db.AuditPageAsync(new AuditFilter(PrisonerNumber: "A2"), prisonIds: null);
        var aliceOnA2InAnHour = await db.AuditPageAsync(new AuditFilter("alice", "A2", Minute(30), Minute(90)), prisonIds: null);

        Assert.Equal(3, counter.Count);
        Assert.Equal(40, byAlice.Entries.Count);
        Assert.All(byAlice.Entries, e => Assert.Equal("alice", e.UserName));
        Assert.False(byAlice.HasNext);
        Assert.Equal(Enumerable.Range(1, 120).Where(m => m % 5 == 2).Reverse().Select(Minute), aboutA2.Entries.Select(e => e.AtUtc));
        // Minutes 30 (inclusive) to 90 (exclusive) that are alice's (a multiple of 3) and about A2 (5k + 2).
        Assert.Equal([Minute(87), Minute(72), Minute(57), Minute(42)], aliceOnA2InAnHour.Entries.Select(e => e.AtUtc));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_kind_filter_reads_the_entries_of_that_kind_alone_in_one_statement(Engine engine)
    {
        await using var database = await LoggedAsync(engine, entries: 6);
        await using (var write = database.OpenAs("carol", new MovableClock(Minute(10))))
        {
            write.AuditEntries.AddRange(AuditEntry.DashboardViewed("P1", 10), AuditEntry.Searched("smith", 2), AuditEntry.SignedOut());
            await write.SaveChangesAsync();
        }

        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var searches = await db.AuditPageAsync(new AuditFilter(Action: AuditAction.PrisonersSearched), prisonIds: null);
        var views = await db.AuditPageAsync(new AuditFilter(UserName: "alice", Action: AuditAction.PrisonerViewed), prisonIds: null);

        Assert.Equal(2, counter.Count);
        Assert.Equal([("carol", "Searched for \"smith\": 2 prisoners listed")], searches.Entries.Select(e => (e.UserName, e.Summary)));
        Assert.Equal([Minute(6), Minute(3)], views.Entries.Select(e => e.AtUtc));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_page_past_the_end_is_empty(Engine engine)
    {
        await using var database = await LoggedAsync(engine, entries: 3);
        await using var db = database.Open();

        var page = await db.AuditPageAsync(new AuditFilter(Page: 2), prisonIds: null);

        Assert.Empty(page.Entries);
        Assert.False(page.HasNext);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Within_prisons_a_page_holds_the_entries_about_prisoners_held_there_now_and_those_about_no_prisoner_that_concern_those_prisons_alone_in_one_statement(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using (var write = database.Open(new MovableClock(Start)))
        {
            write.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
            var released = Records.Harmless("R1", 1, TestDay.Today.AddDays(-9));
            released.Release(TestDay.Today.AddDays(-1));
            write.Prisoners.AddRange(Records.Harmless("H1", 1, TestDay.Today), Records.Harmless("E2", 2, TestDay.Today), released);
            await write.SaveRecordChangesAsync();
            write.AuditEntries.Add(AuditEntry.SignedIn("alice").Concerning([1]));
            write.AuditEntries.Add(AuditEntry.Searched("both prisons", 2).Concerning([1, 2]));
            write.AuditEntries.Add(AuditEntry.Searched("elsewhere", 1).Concerning([2]));
            write.AuditEntries.Add(AuditEntry.Searched("headquarters", 3));
            await write.SaveChangesAsync();
        }

        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var within = await db.AuditPageAsync(new AuditFilter(), prisonIds: [1]);
        var aboutElsewhere = await db.AuditPageAsync(new AuditFilter(PrisonerNumber: "E2"), prisonIds: [1]);
        var everything = await db.AuditPageAsync(new AuditFilter(), prisonIds: null);
        var none = await db.AuditPageAsync(new AuditFilter(), prisonIds: []);

        Assert.Equal(4, counter.Count);
        Assert.Equal(["", "H1"], within.Entries.Select(e => e.PrisonerNumber ?? string.Empty).Order());
        Assert.Equal("Signed in", within.Entries.Single(e => e.PrisonerNumber is null).Summary);
        Assert.Empty(aboutElsewhere.Entries);
        Assert.Equal(["", "", "", "", "E2", "H1", "R1"], everything.Entries.Select(e => e.PrisonerNumber ?? string.Empty).Order());
        Assert.Empty(none.Entries);
    }

    private static DateTime Minute(int minute) => Start.AddMinutes(minute);

    /// <summary>One page view a minute: every third by alice, the others by bob; about prisoner A(minute mod 5).</summary>
    private static async Task<ScratchDatabase> LoggedAsync(Engine engine, int entries)
    {
        var database = await ScratchDatabase.MigratedAsync(engine);
        var clock = new MovableClock(Start);
        await using var alice = database.OpenAs("alice", clock);
        await using var bob = database.OpenAs("bob", clock);
        for (var minute = 1; minute <= entries; minute++)
        {
            clock.Set(Minute(minute));
            var db = minute % 3 == 0 ? alice : bob;
            db.AuditEntries.Add(AuditEntry.PrisonerViewed(Guid.CreateVersion7(), $"A{minute % 5}"));
            await db.SaveChangesAsync();
        }

        return database;
    }
}
