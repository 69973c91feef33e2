using Prison.Db.Reads;
using Prison.Domain;
using Prison.Web.Pages.Prisons.SinceLastShift;
using static Prison.Testing.SeededPrison;

namespace Prison.Db.Tests.Reads;

/// <summary>The reads behind the lists' downloads: the whole list in one statement, its rows handed out as they are read.</summary>
public class DownloadReadsTests
{
    private const int Held = 130;

    private static DateOnly ArrivalOf(int n) => TestDay.Today.AddDays(-(n % 23));

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Every_current_prisoner_at_a_status_comes_in_the_lists_order_from_one_statement(Engine engine)
    {
        await using var database = await SeededAsync(engine, Held, dangerous: n => n % 3 != 0, evaluate: n => n % 10 != 0, arrival: ArrivalOf);
        await using var db = database.Open();
        foreach (var status in new DangerStatus?[] { null, DangerStatus.Dangerous, DangerStatus.NotDangerous, DangerStatus.Unknown })
        {
            var paged = new List<ArrivalRow>();
            ArrivalCursor? after = null;
            do
            {
                var page = await db.CurrentPrisonersAsync(1, status, after);
                paged.AddRange(page.Rows);
                after = page.Next;
            }
            while (after is not null);

            var counter = new StatementCounter();
            await using var read = database.Open(interceptors: counter);
            var streamed = new List<ArrivalRow>();
            await foreach (var row in read.EveryCurrentPrisoner(1, status))
            {
                streamed.Add(row);
            }

            Assert.Equal(1, counter.Count);
            Assert.Equal(paged.Select(r => (r.Number, r.Name, r.ArrivalDate, r.Status, string.Join(";", r.FiredRules))), streamed.Select(r => (r.Number, r.Name, r.ArrivalDate, r.Status, string.Join(";", r.FiredRules))));
        }
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Every_change_of_a_span_comes_as_its_pages_show_them_one_statement_a_group(Engine engine)
    {
        await using var database = await SeededAsync(engine, Held, dangerous: n => n % 3 != 0, arrival: ArrivalOf);
        var (from, to) = (TestDay.Noon.UtcDateTime.AddDays(-1), TestDay.Noon.UtcDateTime.AddDays(1));
        await using var db = database.Open();
        var paged = new List<ShiftChange>();
        HistoryCursor? became = null;
        do
        {
            var page = await db.ShiftChangesAsync(1, null, from, to, became);
            paged.AddRange(page.BecameDangerous);
            became = page.MoreBecameDangerous;
        }
        while (became is not null);

        var counter = new StatementCounter();
        await using var read = database.Open(interceptors: counter);
        var streamed = new List<ShiftChange>();
        await foreach (var change in read.EveryShiftChange(1, null, from, to))
        {
            streamed.Add(change);
        }

        Assert.Equal(2, counter.Count);
        Assert.Equal(87, streamed.Count);
        Assert.Equal(paged.Select(c => (c.Change.Id, c.Number)), streamed.Select(c => (c.Change.Id, c.Number)));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_rows_of_a_download_come_while_its_statement_is_still_being_read_not_gathered_first(Engine engine)
    {
        await using var database = await SeededAsync(engine, Held, arrival: ArrivalOf);
        var watch = new ReaderWatch();
        await using var db = database.Open(interceptors: watch);

        var whileReading = (Opened: 0, Open: 0, Closed: 0);
        await db.StreamAsync(
            async token =>
            {
                await using var rows = db.EveryCurrentPrisoner(1, status: null).GetAsyncEnumerator(token);
                Assert.True(await rows.MoveNextAsync());
                whileReading = (watch.Opened, watch.Open, watch.Closed);
            },
            CancellationToken.None);

        // PostgreSQL runs under a retrying execution strategy, under which EF Core would read every row before the first.
        Assert.Equal((1, 1, 0), whileReading);
        Assert.Equal(0, watch.Open);
    }
}
