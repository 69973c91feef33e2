using Prison.Db;
using Prison.Db.Reads;
using Prison.Db.RuleSettings;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Web.Pages.Prisons.ComingUp;
using static Prison.Testing.SeededPrison;

namespace Prison.Web.Tests.Pages.Prisons.ComingUp;

/// <summary>"Coming up": the forecasts stored with the verdicts, read a page at a time and counted per prison, ONE statement each.</summary>
public class ComingUpReadsTests
{
    private static readonly DateTime InAWeek = TestDay.Noon.UtcDateTime.AddDays(7);

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_prisons_coming_up_lists_its_current_prisoners_whose_verdict_changes_in_the_span_earliest_first_in_one_statement(Engine engine)
    {
        await using var database = await ForecastAsync(engine);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var page = await db.ComingUpAsync(prisonId: 1, prisonIds: null, InAWeek);

        Assert.Equal(1, counter.Count);
        // Hearings 16 to 21 days ahead enter their 14 days 2 to 7 days ahead; N001's (30 days ahead) and N008's (no
        // hearing) do not, nor N007's: released. N006 is Dangerous now (remand) and stays so.
        Assert.Equal([Number(2), Number(3), Number(4), Number(5)], page.Rows.Select(r => r.Number));
        Assert.Equal(new DateTime(2026, 11, 22, 0, 0, 0, DateTimeKind.Utc), page.Rows[0].AtUtc);
        Assert.All(page.Rows, row => Assert.Equal((DangerStatus.NotDangerous, DangerStatus.Dangerous), (row.From, row.To)));
        var came = Assert.Single(page.Rows[0].Came);
        Assert.Equal("CourtHearingWithin14Days", came.Code);
        Assert.Equal(["hearing at Court N002 on 2026-12-06"], came.Facts);
        Assert.Empty(page.Rows[0].Went);
        Assert.Null(page.Next);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Pages_continue_after_their_cursor_each_in_one_statement(Engine engine)
    {
        await using var database = await ForecastAsync(engine);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var first = await db.ComingUpAsync(1, null, InAWeek, pageSize: 3);
        Assert.True(ComingUpCursor.TryParse(first.Next!.ToString(), out var cursor));
        var second = await db.ComingUpAsync(1, null, InAWeek, cursor, pageSize: 3);

        Assert.Equal(2, counter.Count);
        Assert.Equal([Number(2), Number(3), Number(4)], first.Rows.Select(r => r.Number));
        Assert.Equal([Number(5)], second.Rows.Select(r => r.Number));
        Assert.Null(second.Next);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_prison_beyond_the_users_prisons_gives_nobody_whatever_it_holds(Engine engine)
    {
        await using var database = await ForecastAsync(engine);
        await using var db = database.Open();

        Assert.Empty((await db.ComingUpAsync(1, prisonIds: [2], InAWeek)).Rows);
        Assert.Equal(4, (await db.ComingUpAsync(1, prisonIds: [1, 2], InAWeek)).Rows.Count);
        Assert.Empty((await db.ComingUpAsync(1, prisonIds: [], InAWeek)).Rows);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task Forecasts_made_with_another_rule_set_than_the_one_in_force_are_not_shown(Engine engine)
    {
        await using var database = await ForecastAsync(engine);
        await using var db = database.Open();
        await db.RecordRuleSetInForceAsync(Evaluator.RuleSet.Id, TestDay.Noon.UtcDateTime);
        Assert.Equal(4, (await db.ComingUpAsync(1, null, InAWeek)).Rows.Count);

        await db.RecordRuleSetInForceAsync("0123456789abcdef", TestDay.Noon.UtcDateTime);

        Assert.Empty((await db.ComingUpAsync(1, null, InAWeek)).Rows);
        Assert.Empty(await db.ComingUpCountsAsync([1], InAWeek));
        Assert.Equal(0, (await db.DashboardAsync(1, default, InAWeek)).ComingUp);
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task The_dashboard_counts_its_coming_up_in_its_one_statement_and_the_counts_per_prison_are_one_statement(Engine engine)
    {
        await using var database = await ForecastAsync(engine);
        var counter = new StatementCounter();
        await using var db = database.Open(interceptors: counter);

        var dashboard = await db.DashboardAsync(1, default, InAWeek);
        Assert.Equal(1, counter.Count);
        var counts = await db.ComingUpCountsAsync([1, 2], TestDay.Noon.UtcDateTime.AddDays(30));

        Assert.Equal(2, counter.Count);
        Assert.Equal(4, dashboard.ComingUp);
        Assert.Equal(0, (await db.DashboardAsync(1)).ComingUp);
        Assert.Equal(new Dictionary<int, int> { [1] = 5 }, counts);
    }

    /// <summary>
    /// N001..N008 at prison 1; N00n has a hearing 14 + n days ahead (N001: 30), except N008, who has none; N006 is on
    /// remand; N007 is released after its verdict is stored (its stay is no longer current).
    /// </summary>
    private static async Task<ScratchDatabase> ForecastAsync(Engine engine)
    {
        var database = await ScratchDatabase.MigratedAsync(engine);
        await using var db = database.Open();
        db.Prisons.AddRange(Records.Prison(1), Records.Prison(2));
        var prisoners = Enumerable.Range(1, 8).Select(n =>
        {
            var prisoner = Records.Harmless(Number(n), prisonId: 1, TestDay.Today.AddDays(-30 - n));
            if (n < 8)
            {
                prisoner.ScheduleCourtHearing(TestDay.Today.AddDays(n == 1 ? 30 : 14 + n), $"Court {Number(n)}");
            }

            if (n == 6)
            {
                prisoner.ChangeLegalStatus(Domain.Record.LegalStatus.Remand);
            }

            return prisoner;
        }).ToList();
        db.Prisoners.AddRange(prisoners);
        await db.SaveRecordChangesAsync();
        await db.WriteVerdictsAsync([.. prisoners.Select(Evaluated)]);

        // Released after the verdict: the release stores Unknown, and the forecast goes with the verdict; restored by hand
        // below as a late verdict would be, so that the stay, not the status, keeps N007 out.
        await using (var change = database.Open())
        {
            var released = (await change.LoadPrisonerAsync(Number(7), Tracking.Tracked))!;
            released.Release(TestDay.Today);
            await change.SaveRecordChangesAsync();
            await change.WriteVerdictsAsync([new EvaluatedPrisoner(released.Id, released.ChangeVersion, Evaluator.Evaluate(released, TestDay.Noon.UtcDateTime))]);
        }

        return database;
    }
}
