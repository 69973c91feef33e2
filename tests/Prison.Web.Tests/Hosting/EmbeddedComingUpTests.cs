using System.Text.RegularExpressions;
using Hangfire;
using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Identity;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Runtime.Jobs;
using Prison.Runtime.Messaging;

namespace Prison.Web.Tests.Hosting;

/// <summary>"Coming up" in the embedded mode: SQLite, the in-memory bus, and the jobs inside web.</summary>
public sealed class EmbeddedComingUpTests : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), $"prison-embedded-{Guid.NewGuid():N}");

    [Fact]
    public async Task In_the_embedded_mode_coming_up_lists_a_hearing_ahead_in_one_statement_and_the_due_job_past_it_stores_what_it_said()
    {
        await EmbeddedDataFolder.HoldingTheDemoAsync(_folder);
        var clock = new MovableClock(DateTimeOffset.UtcNow);
        var counter = new StatementCounter();
        await using var web = await RunningWeb.StartAsync(
            ["--urls=http://127.0.0.1:0", $"--Prison:DataFolder={_folder}"], clock, services => services.ConfigureDbContext<PrisonDb>(options => options.AddInterceptors(counter)));
        await UnknownCountAsync(web, expected: 0);

        // A hearing twenty days ahead: not dangerous now, within rule 10's fourteen days six days on.
        var today = web.Services.GetRequiredService<PrisonCalendar>().Today(clock.GetUtcNow().UtcDateTime);
        await using (var scope = web.Services.CreateAsyncScope())
        {
            var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
            var prison = await db.Prisons.SingleAsync(p => p.Code == "RNDC");
            var prisoner = Records.Harmless("EMB2", prison.Id, today.AddDays(-30));
            prisoner.ScheduleCourtHearing(today.AddDays(20), "Bronx Criminal Court");
            db.Prisoners.Add(prisoner);
            await scope.ServiceProvider.GetRequiredService<ChangePublisher>().PublishAsync(await db.SaveRecordChangesAsync(), CancellationToken.None);
        }

        await UnknownCountAsync(web, expected: 0);
        using var client = await web.SignedInClientAsync(Roles.Staff);
        await client.GetStringAsync("/prisons/RNDC/coming-up");
        counter.Reset();
        var html = await client.GetStringAsync("/prisons/RNDC/coming-up");
        // Not the event relay's reads of its outbox, whose rows carry forecasts too: the relay runs at any moment.
        var reads = counter.Statements.Where(s => s.Contains("forecast_at", StringComparison.Ordinal) && !s.Contains("prison_event", StringComparison.Ordinal)).ToList();

        var row = Row(html, "EMB2");
        Assert.True(reads.Count == 1, string.Join("\n----\n", reads));
        Assert.Contains($"{today.AddDays(6):yyyy-MM-dd} 00:00", row);
        Assert.Contains("Not dangerous Dangerous", row);
        Assert.Contains($"Comes: Court hearing within 14 days: hearing at Bronx Criminal Court on {today.AddDays(20):yyyy-MM-dd}", row);
        Assert.Contains("Coming up, verdicts that change in the next 7 days:", await client.GetStringAsync("/prisons/RNDC"));

        // Past the forecast's instant, the minutely job stores the verdict the forecast said, with the next forecast.
        clock.Advance(TimeSpan.FromDays(7));
        await JobRuns.FinishedAsync(web.Services.GetRequiredService<JobStorage>(), JobRuns.Fire(web.Services, DueReevaluationJob.Name));
        await using (var scope = web.Services.CreateAsyncScope())
        {
            var stored = await scope.ServiceProvider.GetRequiredService<PrisonDb>().Prisoners.SingleAsync(p => p.Number == "EMB2");
            Assert.Equal(DangerStatus.Dangerous, stored.DangerStatus);
            Assert.Equal(["CourtHearingWithin14Days"], stored.DangerReasons);
        }

        // A week on, the first session has ended: signed in again.
        using var nextWeek = await web.SignedInClientAsync(Roles.Staff);
        var later = Row(await nextWeek.GetStringAsync("/prisons/RNDC/coming-up?days=30"), "EMB2");
        Assert.Contains($"{today.AddDays(21):yyyy-MM-dd} 00:00", later);
        Assert.Contains("Dangerous Not dangerous", later);
        Assert.Contains("Ends: Court hearing within 14 days", later);
    }

    public void Dispose()
    {
        // Pooled connections keep the file open; the folder is the test's alone.
        SqliteConnection.ClearAllPools();
        if (Directory.Exists(_folder))
        {
            Directory.Delete(_folder, recursive: true);
        }
    }

    private static string Row(string html, string number)
    {
        var row = Regex.Match(html, $"<tr data-prisoner-number=\"{number}\">(.*?)</tr>", RegexOptions.Singleline);
        Assert.True(row.Success, html);
        return Html.Text(row.Groups[1].Value);
    }

    private static Task UnknownCountAsync(RunningWeb web, long expected) =>
        Eventually.Async(
            async () =>
            {
                await using var scope = web.Services.CreateAsyncScope();
                return await scope.ServiceProvider.GetRequiredService<PrisonDb>().Prisoners.LongCountAsync(p => p.DangerStatus == DangerStatus.Unknown);
            },
            unknown => unknown == expected,
            "a verdict on every prisoner",
            TimeSpan.FromSeconds(60));
}
