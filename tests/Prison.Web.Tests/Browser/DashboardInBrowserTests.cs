using Microsoft.Playwright;
using Prison.Db.Identity;
using static Microsoft.Playwright.Assertions;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

public sealed class DashboardInBrowserTests(Chromium chromium) : IClassFixture<Chromium>
{
    /// <summary>Long enough for a worker host to start, connect to RabbitMQ and take the waiting message; well under the test budget.</summary>
    private static readonly LocatorAssertionsToHaveTextOptions WorkerPatience = new() { Timeout = 30_000 };

    [Fact]
    public async Task A_notice_recorded_while_the_worker_is_down_shows_Unknown_and_the_open_dashboard_turns_it_Dangerous_once_the_worker_is_back()
    {
        await using var system = await ProductionFixture.StartAsync(workerRunning: false);
        var today = system.Today.ToString("yyyy-MM-dd");
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);

        await page.GotoAsync($"/prisons/{FirstPrison}");
        await page.GetByRole(AriaRole.Link, new() { Name = HarmlessNumber, Exact = true }).ClickAsync();
        await Expect(page).ToHaveURLAsync(new Uri(system.Web.Address, $"/prisoners/{HarmlessNumber}").ToString());
        await Expect(page.Locator(".verdict [data-role=badge]")).ToHaveTextAsync("Not dangerous");

        await page.GetByLabel("Type").SelectOptionAsync("Weapon");
        await page.GetByLabel("Date (YYYY-MM-DD)").FillAsync(today);
        await page.GetByLabel("What happened").FillAsync("a blade taped under the bunk");
        await page.GetByRole(AriaRole.Button, new() { Name = "Record notice" }).ClickAsync();

        await Expect(page.Locator("p.saved")).ToHaveTextAsync($"Weapon notice of {today} recorded. The danger status is being evaluated again.");
        await Expect(page.Locator(".verdict [data-role=badge]")).ToHaveTextAsync("Unknown");
        await Expect(page.GetByText("a blade taped under the bunk")).ToBeVisibleAsync();

        await page.GotoAsync($"/prisons/{FirstPrison}");
        var row = page.Locator($"tr[data-prisoner-id='{system.Ids[HarmlessNumber]}']");
        await Expect(row.Locator("[data-role=badge]")).ToHaveTextAsync("Unknown");
        await Expect(page.Locator("#count-unknown")).ToHaveTextAsync("2");
        await Expect(page.Locator("#count-dangerous")).ToHaveTextAsync("3");

        // A mark on this very document: it would be gone if anything reloaded the page.
        await page.EvaluateAsync("() => { window.sameDocument = true; }");
        await system.StartWorkerAsync();

        await Expect(row.Locator("[data-role=badge]")).ToHaveTextAsync("Dangerous", WorkerPatience);
        await Expect(row.Locator("[data-role=reasons]")).ToContainTextAsync("Weapon");
        await Expect(row.Locator("[data-role=badge]")).ToHaveClassAsync("badge badge-dangerous");
        await Expect(page.Locator("#count-unknown")).ToHaveTextAsync("1");
        await Expect(page.Locator("#count-dangerous")).ToHaveTextAsync("4");
        Assert.True(await page.EvaluateAsync<bool>("() => window.sameDocument === true"));

        // The prisoner never published stays Unknown, and its row keeps saying so.
        await Expect(page.Locator($"tr[data-prisoner-id='{system.Ids[UnevaluatedNumber]}'] [data-role=badge]")).ToHaveTextAsync("Unknown");

        await page.ScreenshotAsync(new() { Path = Screenshot("dashboard.png"), FullPage = true });
    }

    [Fact]
    public async Task A_rejected_notice_form_keeps_what_was_typed_and_shows_the_message_next_to_the_field()
    {
        await using var system = await ProductionFixture.StartAsync(workerRunning: false);
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync($"/prisoners/{HarmlessNumber}");

        await page.GetByLabel("Type").SelectOptionAsync("MobilePhone");
        await page.GetByLabel("Date (YYYY-MM-DD)").FillAsync("yesterday");
        await page.GetByLabel("What happened").FillAsync("a phone in the\nlaundry bag");
        await page.GetByRole(AriaRole.Button, new() { Name = "Record notice" }).ClickAsync();

        var date = page.GetByLabel("Date (YYYY-MM-DD)");
        await Expect(page.Locator("#Date-error")).ToHaveTextAsync("Enter the date of the notice as YYYY-MM-DD.");
        await Expect(page.Locator("#Date-error")).ToBeVisibleAsync();
        await Expect(date).ToHaveAttributeAsync("aria-describedby", "Date-error");
        await Expect(date).ToHaveAttributeAsync("aria-invalid", "true");
        await Expect(date).ToHaveValueAsync("yesterday");
        await Expect(page.GetByLabel("Type")).ToHaveValueAsync("MobilePhone");
        await Expect(page.GetByLabel("What happened")).ToHaveValueAsync("a phone in the\nlaundry bag");
        await Expect(page.Locator("#Type-error")).ToBeHiddenAsync();
        await Expect(page.Locator("#Description-error")).ToBeHiddenAsync();

        // The summary at the top takes the focus, and its link takes it on to the field.
        var summary = page.Locator("[data-role=error-summary]");
        await Expect(summary).ToBeFocusedAsync();
        await summary.GetByRole(AriaRole.Link, new() { Name = "Enter the date of the notice as YYYY-MM-DD." }).ClickAsync();
        await Expect(date).ToBeFocusedAsync();
        await Expect(page.Locator("p.saved")).ToHaveCountAsync(0);
        Assert.Equal(0, await system.NoticeCountAsync(HarmlessNumber));
        Assert.Equal("NotDangerous", (await system.StoredAsync(HarmlessNumber))[0]);
        await page.ScreenshotAsync(new() { Path = Screenshot("notice-form-rejected.png"), FullPage = true });
    }

    [Fact]
    public async Task A_badge_that_turns_known_on_an_open_page_is_announced_to_screen_readers()
    {
        await using var system = await ProductionFixture.StartAsync(workerRunning: false);
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        var (_, token) = await NoticePosting.OpenAsync(system.Client, HarmlessNumber);
        using (await NoticePosting.PostAsync(system.Client, HarmlessNumber, token, "Weapon", system.Today.ToString("yyyy-MM-dd"), "a blade in a sock"))
        {
        }

        await page.GotoAsync($"/prisons/{FirstPrison}");
        var region = page.Locator("#announcements");
        await Expect(region).ToHaveAttributeAsync("aria-live", "polite");
        await Expect(region).ToBeEmptyAsync();
        await system.StartWorkerAsync();

        await Expect(region).ToContainTextAsync($"{HarmlessNumber}: now Dangerous.", new() { Timeout = 30_000 });
    }

    /// <summary>Where a screenshot is kept for people to look at after the run.</summary>
    private static string Screenshot(string name)
    {
        var folder = Path.Combine(AppContext.BaseDirectory, "TestResults");
        Directory.CreateDirectory(folder);
        return Path.Combine(folder, name);
    }
}
