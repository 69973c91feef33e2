using Prison.Db.Reads;
using Prison.Db.Tests.Writes;
using Prison.Db.Writes;
using Prison.Domain;
using static Prison.Testing.SeededPrison;

namespace Prison.Db.Tests.Reads;

/// <summary>The full list of a prison's current prisoners, by status, page after page: every prisoner once, in order, one statement a page.</summary>
public class CurrentPrisonersTests
{
    /// <summary>130 prisoners, several arriving on each day (so that pages end inside a day), two in three dangerous.</summary>
    private const int Held = 130;

    private static DateOnly ArrivalOf(int n) => TestDay.Today.AddDays(-(n % 23));

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Dangerous_only_pages_through_every_dangerous_prisoner_newest_arrival_first_one_statement_a_page(Engine engine)
    {
        await using var database = await SeededAsync(engine, Held, dangerous: n => n % 3 != 0, arrival: ArrivalOf);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var pages = await AllPagesAsync(db, DangerStatus.Dangerous);

        var expected = Enumerable.Range(1, Held).Where(n => n % 3 != 0)
            .OrderByDescending(ArrivalOf).ThenBy(Number, StringComparer.Ordinal).Select(Number).ToList();
        Assert.Equal(expected, pages.SelectMany(p => p.Rows).Select(r => r.Number));
        Assert.Equal([50, 37], pages.Select(p => p.Rows.Count));
        Assert.Equal(pages.Count, counter.Count);
        Assert.All(pages, page => Assert.Equal(new StatusCounts(Dangerous: 87, NotDangerous: 43, Unknown: 0), page.Counts));
        Assert.All(pages.SelectMany(p => p.Rows), row => Assert.Equal(DangerStatus.Dangerous, row.Status));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_lists_by_status_hold_every_current_prisoner_once_and_as_many_as_the_counts_say(Engine engine)
    {
        await using var database = await SeededAsync(engine, Held, dangerous: n => n % 3 != 0, evaluate: n => n % 10 != 0, arrival: ArrivalOf);
        await using var db = database.Open();

        var all = (await AllPagesAsync(db, status: null)).SelectMany(p => p.Rows).ToList();
        var byStatus = new Dictionary<DangerStatus, List<ArrivalRow>>();
        foreach (var status in Enum.GetValues<DangerStatus>())
        {
            byStatus[status] = [.. (await AllPagesAsync(db, status)).SelectMany(p => p.Rows)];
        }

        var counts = await db.StatusCountsAsync(1);
        Assert.Equal(Held, all.Select(r => r.Number).Distinct().Count());
        Assert.Equal(all.Select(r => r.Number).Order(), byStatus.Values.SelectMany(rows => rows).Select(r => r.Number).Order());
        Assert.Equal((counts.Dangerous, counts.NotDangerous, counts.Unknown), (byStatus[DangerStatus.Dangerous].Count, byStatus[DangerStatus.NotDangerous].Count, byStatus[DangerStatus.Unknown].Count));
        Assert.Equal(13, counts.Unknown);
        Assert.Equal((await db.DashboardAsync(1)).Rows.Select(r => r.Number), all.Take(DashboardReads.PageSize).Select(r => r.Number));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task An_empty_list_still_says_how_many_are_held_in_its_one_statement_and_has_no_next_page(Engine engine)
    {
        await using var database = await SeededAsync(engine, prisoners: 5);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var unknown = await db.CurrentPrisonersAsync(1, DangerStatus.Unknown);
        var past = await db.CurrentPrisonersAsync(1, null, new ArrivalCursor(TestDay.Today.AddYears(-5), "N001"));

        Assert.Equal(2, counter.Count);
        Assert.Empty(unknown.Rows);
        Assert.Null(unknown.Next);
        Assert.Equal(new StatusCounts(0, 5, 0), unknown.Counts);
        Assert.Empty(past.Rows);
        Assert.Equal(new StatusCounts(0, 5, 0), past.Counts);
    }

    /// <summary>
    /// A later page starts in the arrivals index at its cursor's day: it reads what it shows, not the pages before it.
    /// (How the stays found are joined to their prisoners is the planner's choice for the tables' size.)
    /// </summary>
    [Fact]
    public async Task On_postgresql_a_later_page_starts_its_scan_of_the_arrivals_index_at_its_cursor()
    {
        await using var database = await SeededAsync(Engine.PostgreSql, prisoners: 0);
        await ManyPrisoners.InsertAsync(database, 600, "'N' || lpad(n::text, 3, '0')", "'Prisoner N' || n", prisonId: 1, TestDay.Today, daysApart: 1);
        await using (var write = database.Open())
        {
            var ids = (await database.RowsAsync("SELECT id FROM prisoner")).Select(row => Guid.Parse(row[0])).ToList();
            await write.WriteVerdictsAsync([.. (await write.LoadPrisonersAsync(ids, Tracking.Untracked)).Select(Evaluated)]);
        }

        await database.ExecuteAsync("ANALYZE");
        var plans = new PlanRecorder("arrival_date");
        await using var db = database.Open(null, plans);

        var page = await db.CurrentPrisonersAsync(1, null, new ArrivalCursor(TestDay.Today.AddDays(-500), Number(500)));

        Assert.Equal(Number(501), page.Rows[0].Number);
        var plan = Assert.Single(plans.Plans);
        Assert.Matches(@"Index Scan (using|on) imprisonment_current_by_arrival", plan);
        Assert.Matches(@"Index Cond: \(\(.*prison_id = 1\) AND \(.*arrival_date <= ", plan);
    }

    private static async Task<List<CurrentPrisonersPage>> AllPagesAsync(PrisonDb db, DangerStatus? status)
    {
        var pages = new List<CurrentPrisonersPage>();
        ArrivalCursor? after = null;
        do
        {
            var page = await db.CurrentPrisonersAsync(1, status, after);
            pages.Add(page);
            after = page.Next;
        }
        while (after is not null && pages.Count < 100);

        return pages;
    }
}
