using Prison.Db.Reads;
using Prison.Domain;
using static Prison.Testing.SeededPrison;

namespace Prison.Db.Tests.Reads;

public class DashboardReadsTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_latest_arrivals_are_the_ten_newest_current_stays_in_one_statement(Engine engine)
    {
        await using var database = await SeededAsync(engine, prisoners: 25);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var rows = (await db.DashboardAsync(prisonId: 1)).Rows;

        Assert.Equal(1, counter.Count);
        Assert.Equal(Enumerable.Range(16, 10).Reverse().Select(Number), rows.Select(r => r.Number));
        Assert.Equal(TestDay.Today.AddDays(-1), rows[0].ArrivalDate);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Released_prisoners_and_other_prisons_are_left_out(Engine engine)
    {
        await using var database = await SeededAsync(engine, prisoners: 5);
        await using (var db = database.Open())
        {
            var newest = await db.LoadPrisonerAsync(Number(5), Tracking.Tracked);
            newest!.Release(TestDay.Today);
            var other = Records.Harmless("OTHER", prisonId: 2, TestDay.Today);
            db.Prisoners.Add(other);
            await db.SaveRecordChangesAsync();
        }

        await using var read = database.Open();
        var rows = (await read.DashboardAsync(prisonId: 1)).Rows;

        Assert.Equal([Number(4), Number(3), Number(2), Number(1)], rows.Select(r => r.Number));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_dashboard_reads_its_counts_and_its_stamp_in_the_same_statement_as_its_rows(Engine engine)
    {
        await using var database = await SeededAsync(engine, prisoners: 12, dangerous: n => n <= 3, evaluate: n => n <= 10);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var page = await db.DashboardAsync(prisonId: 1);

        Assert.Equal(1, counter.Count);
        Assert.Equal(new StatusCounts(Dangerous: 3, NotDangerous: 7, Unknown: 2), page.Counts);
        Assert.Equal(10, page.Rows.Count);
        Assert.True(page.Stamp.Changes > 0);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_prison_with_nobody_held_has_its_counts_and_its_stamp_in_the_one_statement_too(Engine engine)
    {
        await using var database = await SeededAsync(engine, prisoners: 4, dangerous: _ => false);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var empty = await db.DashboardAsync(prisonId: 2);

        Assert.Equal(1, counter.Count);
        Assert.Empty(empty.Rows);
        Assert.Equal(new StatusCounts(0, 0, 0), empty.Counts);
        Assert.Equal(new DashboardStamp(0, null), empty.Stamp);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_counts_by_status_take_one_statement_over_the_kept_counts_not_the_stays(Engine engine)
    {
        await using var database = await SeededAsync(engine, prisoners: 12, dangerous: n => n <= 3, evaluate: n => n <= 10);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var counts = await db.StatusCountsAsync(prisonId: 1);
        var none = await db.StatusCountsAsync(prisonId: 2);

        Assert.Equal(2, counter.Count);
        Assert.All(counter.Statements, sql => Assert.Contains("prison_status_count", sql));
        Assert.All(counter.Statements, sql => Assert.DoesNotContain("imprisonment", sql));
        Assert.Equal(new StatusCounts(Dangerous: 3, NotDangerous: 7, Unknown: 2), counts);
        Assert.Equal(new StatusCounts(0, 0, 0), none);
        Assert.Equal(counts, await db.StatusCountsFromStaysAsync(prisonId: 1));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Polling_any_number_of_prisoners_takes_one_statement(Engine engine)
    {
        await using var database = await SeededAsync(engine, prisoners: 60, dangerous: n => n == 1, evaluate: n => n != 2);
        await using var setup = database.Open();
        var ids = ((await setup.DashboardAsync(1)).Rows).Select(r => r.PrisonerId).ToList();
        var all = setup.Prisoners.Select(p => p.Id).ToList();
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var one = await db.StatusesAsync([ids[0]]);
        var many = await db.StatusesAsync(all);

        Assert.Equal(2, counter.Count);
        Assert.Single(one);
        Assert.Equal(60, many.Count);
        Assert.Equal(1, many.Count(s => s.Status == DangerStatus.Dangerous));
        Assert.Equal(1, many.Count(s => s.Status == DangerStatus.Unknown));
    }
}
