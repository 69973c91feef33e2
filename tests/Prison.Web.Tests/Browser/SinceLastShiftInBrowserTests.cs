using Hangfire;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Playwright;
using Prison.Db.Identity;
using Prison.Domain.Evaluation;
using Prison.Runtime.Jobs;
using static Microsoft.Playwright.Assertions;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

public sealed class SinceLastShiftInBrowserTests(Chromium chromium) : IClassFixture<Chromium>
{
    /// <summary>Long enough for the worker to take a published change; well under the test budget.</summary>
    private static readonly LocatorAssertionsToHaveTextOptions WorkerPatience = new() { Timeout = 30_000 };

    /// <summary>
    /// Staff record a hearing twenty days ahead for one prisoner (no danger yet) and, for another, a notice that rule 2
    /// counts for three more days (Dangerous). A week passes on the clock, the due re-evaluation runs, and the officer
    /// opening "Since last shift" from the dashboard finds the first among those who became Dangerous (the hearing is
    /// within rule 10's fourteen days now) and the second among those no longer Dangerous (rule 2's window closed), each
    /// with its reason and the cause; the prisoner page tells the same.
    /// </summary>
    [Fact]
    public async Task Since_last_shift_lists_a_prisoner_who_became_Dangerous_when_time_moved_a_window_with_the_reason_and_the_cause()
    {
        await using var system = await ProductionFixture.StartAsync();
        var zone = system.Web.Services.GetRequiredService<PrisonCalendar>().TimeZone;
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);

        await page.GotoAsync($"/prisoners/{HarmlessNumber}");
        await page.GetByRole(AriaRole.Link, new() { Name = "Add a court hearing", Exact = true }).ClickAsync();
        await page.GetByLabel("Hearing date (YYYY-MM-DD)").FillAsync(system.Today.AddDays(20).ToString("yyyy-MM-dd"));
        await page.GetByLabel("Court").FillAsync("Bronx Criminal Court");
        await page.GetByRole(AriaRole.Button, new() { Name = "Save" }).ClickAsync();
        await Expect(page.Locator("p.saved")).ToContainTextAsync("Bronx Criminal Court");
        await Expect(page.Locator(".verdict [data-role=badge]")).ToHaveTextAsync("Not dangerous", WorkerPatience);

        await page.GotoAsync($"/prisoners/{LateNoticeNumber}");
        await page.GetByLabel("Type").SelectOptionAsync("Other");
        await page.GetByLabel("Date (YYYY-MM-DD)").FillAsync(system.Today.AddMonths(-2).AddDays(3).ToString("yyyy-MM-dd"));
        await page.GetByLabel("What happened").FillAsync("late back from the yard");
        await page.GetByRole(AriaRole.Button, new() { Name = "Record notice" }).ClickAsync();
        await Expect(page.Locator("p.saved")).ToContainTextAsync("Other notice of");
        await Expect(page.Locator(".verdict [data-role=badge]")).ToHaveTextAsync("Dangerous", WorkerPatience);

        var advancedAt = DateTime.UtcNow;
        system.Clock.Advance(TimeSpan.FromDays(7));
        var run = JobRuns.Fire(system.Worker!.Services, DueReevaluationJob.Name);
        var states = await JobRuns.FinishedAsync(system.Worker.Services.GetRequiredService<JobStorage>(), run);
        // The two prisoners above, and the fixture's prisoner whose hearing enters its 14 days within the week.
        Assert.Equal("Succeeded", states[^1].StateName);
        Assert.Equal(3, JobRuns.ReevaluatedSince(system.Worker.Services.GetRequiredService<JobStorage>(), typeof(DueReevaluationJob), advancedAt));

        // A session lasts 30 minutes without a page opened, by web's clock too: the next shift's officer signs in.
        page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync($"/prisons/{FirstPrison}");
        await page.GetByRole(AriaRole.Link, new() { Name = "Since last shift: who became Dangerous, who no longer is, and why" }).ClickAsync();
        await Expect(page).ToHaveURLAsync(new Uri(system.Web.Address, $"/prisons/{FirstPrison}/since-last-shift").ToString());

        var became = page.Locator("section[data-group=became]");
        var row = became.Locator($"tr[data-prisoner-number={HarmlessNumber}]");
        await Expect(row.Locator("[data-role=reasons]")).ToHaveTextAsync("Court hearing within 14 days");
        await Expect(row.Locator("[data-role=cause]")).ToContainTextAsync("Window closed");
        await Expect(row).ToHaveAttributeAsync("data-cause", "WindowClosed");
        await Expect(row.Locator("[data-role=badge]")).ToHaveTextAsync("Dangerous");
        await Expect(row.GetByRole(AriaRole.Link, new() { Name = HarmlessNumber })).ToHaveAttributeAsync("href", $"/prisoners/{HarmlessNumber}");
        var ended = page.Locator($"section[data-group=no-longer] tr[data-prisoner-number={LateNoticeNumber}]");
        await Expect(ended.Locator("[data-role=reasons]")).ToHaveTextAsync("Disciplinary notice in the last 2 months");
        await Expect(ended.Locator("[data-role=cause]")).ToContainTextAsync("Window closed");
        await Expect(ended.Locator("[data-role=badge]")).ToHaveTextAsync("Not dangerous");

        // Everything else happened a week ago, outside the default twelve hours, but the fixture's coming hearing.
        await Expect(became.Locator($"tr[data-prisoner-number={ComingUpNumber}] [data-role=reasons]")).ToHaveTextAsync("Court hearing within 14 days");
        await Expect(became.Locator("tbody tr")).ToHaveCountAsync(2);
        await Expect(page.Locator("section[data-group=no-longer] tbody tr")).ToHaveCountAsync(1);

        // Another span, typed in the prison's time: from before the seed, the first verdicts and the notice are there too.
        var eightDaysAgo = TimeZoneInfo.ConvertTimeFromUtc(system.Clock.GetUtcNow().UtcDateTime.AddDays(-8), zone);
        await page.GetByLabel("From (New York time)").FillAsync(eightDaysAgo.ToString("yyyy-MM-dd'T'HH:mm"));
        await page.GetByRole(AriaRole.Button, new() { Name = "Show" }).ClickAsync();
        await Expect(became.Locator("tbody tr")).ToHaveCountAsync(3 + DangerousAtFirstPrison.Count);
        await Expect(became.Locator($"tr[data-prisoner-number={ArmedNumber}]")).ToContainTextAsync("first verdict");
        await Expect(became.Locator($"tr[data-prisoner-number={LateNoticeNumber}] [data-role=cause]")).ToHaveTextAsync("Record changed: added disciplinary notice");
        await page.ScreenshotAsync(new() { Path = Screenshot("since-last-shift.png"), FullPage = true });

        await row.GetByRole(AriaRole.Link, new() { Name = HarmlessNumber }).ClickAsync();
        var change = page.Locator(".verdict-history tr[data-role=verdict-change]").First;
        await Expect(change.Locator("[data-role=change]")).ToHaveTextAsync("Not dangerous → Dangerous");
        await Expect(change.Locator("[data-role=came]")).ToHaveTextAsync("Court hearing within 14 days");
        await Expect(change.Locator("[data-role=cause]")).ToContainTextAsync("Window closed");
    }

    /// <summary>A harmless prisoner of the fixture's P1 who is not otherwise used here.</summary>
    private const string LateNoticeNumber = "A103";

    private static string Screenshot(string name)
    {
        var folder = Path.Combine(AppContext.BaseDirectory, "TestResults");
        Directory.CreateDirectory(folder);
        return Path.Combine(folder, name);
    }
}
