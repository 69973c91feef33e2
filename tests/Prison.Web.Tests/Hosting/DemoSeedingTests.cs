using System.Globalization;
using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Demo;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Web.App;
using Prison.Web.Demo;
using Prison.Web.Network;
using Prison.Web.Pages.Overview;
using Prison.Web.Pages.Prisons.ComingUp;

namespace Prison.Web.Tests.Hosting;

/// <summary>
/// The demo's first start replays months of a running prison through the product's own save, evaluation and jobs
/// (web/Hosting/DemoSeeding.cs): the same instant gives the same data, `worker verify` finds nothing to correct, and
/// every prison has a past (kept daily figures), a shift's news and changes coming up.
/// </summary>
public sealed class DemoSeedingTests(ReplayedDemo demo) : IClassFixture<ReplayedDemo>
{
    [Fact]
    public async Task A_second_first_start_at_the_same_instant_replays_the_same_verdicts_history_forecasts_and_daily_figures()
    {
        var folder = ReplayedDemo.NewFolder();
        try
        {
            await using (await demo.StartAsync(folder, new DemoLoadLog()))
            {
            }

            foreach (var sql in Fingerprint)
            {
                Assert.Equal(await ReplayedDemo.RowsAsync(demo.Folder, sql), await ReplayedDemo.RowsAsync(folder, sql));
            }
        }
        finally
        {
            SqliteConnection.ClearAllPools();
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task Verify_finds_no_flag_no_forecast_and_no_prisoner_to_correct()
    {
        var verify = await WorkerProcess.RunAsync(["verify", $"--Prison:DataFolder={demo.Folder}"]);

        Assert.True(verify.ExitCode == 0, verify.Output);
        Assert.Contains($"Checked {demo.Log.Figure("Prisoners")} prisoners: 0 stored flag(s) differ from the rules, 0 prisoner(s) Unknown", verify.Output);
        Assert.Contains("0 stored forecast(s) differ from the rules over the same record.", verify.Output);
        Assert.Contains("0 verdict(s) older than their prisoner's last change and not Unknown.", verify.Output);
    }

    [Fact]
    public async Task Each_prison_has_daily_figures_kept_over_the_replayed_days_that_rise_and_fall()
    {
        var today = DateOnly.FromDateTime(demo.Clock.GetUtcNow().UtcDateTime);
        await using var scope = demo.Web.Services.CreateAsyncScope();
        var overview = await scope.ServiceProvider.GetRequiredService<PrisonDb>().OverviewAsync(null, today.AddDays(-(DemoSeeding.Days - 1)), today, today);

        Assert.Equal(3, overview.Prisons.Count);
        Assert.All(overview.Prisons, prison =>
        {
            Assert.Equal(DemoSeeding.Days, prison.Days.Count);
            Assert.All(prison.Days, day => Assert.NotNull(day.Dangerous));
            Assert.True(prison.Days.Select(d => d.Dangerous).Distinct().Count() >= 5, $"prison {prison.PrisonId}: {string.Join(", ", prison.Days.Select(d => d.Dangerous))}");
            Assert.NotNull(prison.ChangeOverDay);
            Assert.NotNull(prison.ChangeOverWeek);
        });
    }

    [Fact]
    public async Task Every_prison_has_prisoners_who_became_dangerous_and_prisoners_no_longer_dangerous_since_last_shift()
    {
        var now = demo.Clock.GetUtcNow().UtcDateTime;
        var changes = await ReplayedDemo.RowsAsync(
            demo.Folder,
            $"""
            SELECT s.code, c.to_status FROM verdict_change c JOIN prison s ON s.id = c.prison_id
            WHERE c.at > '{Instant(now.AddHours(-12))}' AND c.at <= '{Instant(now)}' AND c.cause <> 'HistoryBegan'
              AND (c.from_status IS NULL OR c.from_status <> c.to_status)
            GROUP BY 1, 2
            """);

        Assert.All(ReplayedDemo.Prisons, code =>
        {
            Assert.Contains($"{code} | Dangerous", changes);
            Assert.Contains($"{code} | NotDangerous", changes);
        });
    }

    [Fact]
    public async Task Every_prison_has_prisoners_becoming_dangerous_and_others_no_longer_dangerous_coming_up_within_the_week()
    {
        await using var scope = demo.Web.Services.CreateAsyncScope();
        var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
        var week = demo.Clock.GetUtcNow().UtcDateTime.AddDays(7);

        foreach (var prison in await db.Prisons.AsNoTracking().ToListAsync())
        {
            var coming = await db.EveryComingUp(prison.Id, null, week).ToListAsync();
            Assert.Contains(coming, c => c.To == DangerStatus.Dangerous);
            Assert.Contains(coming, c => c.To == DangerStatus.NotDangerous);
        }
    }

    /// <summary>
    /// The load's work grows with the days replayed and the prisoners, never with the machine: each slot of a day is at
    /// most one save and one evaluation of what it changed, each instant a verdict fell due one run of the due-time job,
    /// and the nightly run evaluates everyone once.
    /// </summary>
    [Fact]
    public void The_replay_stays_within_its_work_budget_per_day()
    {
        var days = demo.Log.Figure("Days");
        var prisoners = demo.Log.Figure("Prisoners");

        Assert.Equal(DemoSeeding.Days, days);
        Assert.InRange(demo.Log.Figure("Saves"), days, DemoHistory.SlotsPerDay * (days + 1));
        Assert.InRange(demo.Log.Figure("Evaluations") - prisoners, prisoners, 10 * days);
        Assert.InRange(demo.Log.Figure("DueRuns"), days / 2, 2 * days);
    }

    /// <summary>What must be the same after two first starts at one instant: every stored verdict and forecast, the history, the figures.</summary>
    private static readonly string[] Fingerprint =
    [
        """
        SELECT p.number, p.name, p.danger_status, p.danger_reasons, p.danger_facts, p.evaluated_at, p.reevaluate_at, p.change_version,
               p.forecast_at, p.forecast_status, p.forecast_came, p.forecast_went, i.prison_id, i.arrival_date, i.left_on
        FROM prisoner p JOIN imprisonment i ON i.prisoner_id = p.id ORDER BY p.number, i.arrival_date
        """,
        """
        SELECT p.number, c.at, c.prison_id, c.from_status, c.to_status, c.reasons, c.came, c.went, c.cause, c.cause_detail, c.change_version
        FROM verdict_change c JOIN prisoner p ON p.id = c.prisoner_id ORDER BY p.number, c.at, c.id
        """,
        "SELECT prison_id, day, sum(dangerous_change) FROM prison_dangerous_day GROUP BY prison_id, day ORDER BY prison_id, day",
        "SELECT since FROM prison_dangerous_day_kept",
        "SELECT at, user_name, prisoner_number, summary FROM audit_entry WHERE prisoner_id IS NOT NULL ORDER BY at, prisoner_number, summary",
    ];

    private static string Instant(DateTime utc) => utc.ToString("yyyy-MM-dd HH:mm:ss.FFFFFFF", CultureInfo.InvariantCulture);
}
