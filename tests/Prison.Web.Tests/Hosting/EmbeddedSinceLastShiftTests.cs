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

/// <summary>The verdict history in the embedded mode: SQLite, the in-memory bus, and the jobs inside web.</summary>
public sealed class EmbeddedSinceLastShiftTests : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), $"prison-embedded-{Guid.NewGuid():N}");

    [Fact]
    public async Task In_the_embedded_mode_since_last_shift_lists_a_prisoner_a_window_made_Dangerous_with_the_cause()
    {
        await EmbeddedDataFolder.HoldingTheDemoAsync(_folder);
        var clock = new MovableClock(DateTimeOffset.UtcNow);
        await using var web = await RunningWeb.StartAsync(["--urls=http://127.0.0.1:0", $"--Prison:DataFolder={_folder}"], clock);
        await UnknownCountAsync(web, expected: 0);

        // A hearing twenty days ahead: not dangerous now, within rule 10's fourteen days a week on.
        var today = web.Services.GetRequiredService<PrisonCalendar>().Today(clock.GetUtcNow().UtcDateTime);
        await using (var scope = web.Services.CreateAsyncScope())
        {
            var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
            var prison = await db.Prisons.SingleAsync(p => p.Code == "RNDC");
            var prisoner = Records.Harmless("EMB1", prison.Id, today.AddDays(-30));
            prisoner.ScheduleCourtHearing(today.AddDays(20), "Bronx Criminal Court");
            db.Prisoners.Add(prisoner);
            await scope.ServiceProvider.GetRequiredService<ChangePublisher>().PublishAsync(await db.SaveRecordChangesAsync(), CancellationToken.None);
        }

        await UnknownCountAsync(web, expected: 0);
        clock.Advance(TimeSpan.FromDays(7));
        await JobRuns.FinishedAsync(web.Services.GetRequiredService<JobStorage>(), JobRuns.Fire(web.Services, DueReevaluationJob.Name));

        using var client = await web.SignedInClientAsync(Roles.Staff);
        var html = await client.GetStringAsync("/prisons/RNDC/since-last-shift");
        var became = Regex.Match(html, "data-group=\"became\">(.*?)</section>", RegexOptions.Singleline).Groups[1].Value;
        var row = Regex.Match(became, "<tr data-prisoner-number=\"EMB1\" data-cause=\"([^\"]+)\">(.*?)</tr>", RegexOptions.Singleline);
        Assert.True(row.Success, became);
        Assert.Equal("WindowClosed", row.Groups[1].Value);
        Assert.Contains("Court hearing within 14 days", Html.Text(row.Groups[2].Value));
        Assert.Contains("Window closed", Html.Text(row.Groups[2].Value));

        var prisonerPage = await client.GetStringAsync("/prisoners/EMB1");
        Assert.Equal(2, Regex.Matches(prisonerPage, "<tr data-role=\"verdict-change\"").Count);
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
