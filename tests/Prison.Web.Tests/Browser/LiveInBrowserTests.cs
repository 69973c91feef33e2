using Microsoft.Playwright;
using Prison.Db.Identity;
using Prison.Db.Reads;
using static Microsoft.Playwright.Assertions;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

/// <summary>Open pages that stay true without a reload, and the search in every page's header, in Chromium.</summary>
public sealed class LiveInBrowserTests(Chromium chromium) : IClassFixture<Chromium>
{
    /// <summary>Long enough for the worker's verdict and the next polls; well under the test budget.</summary>
    private static readonly LocatorAssertionsToHaveTextOptions Patience = new() { Timeout = 30_000 };

    [Fact]
    public async Task A_notice_recorded_in_one_browser_flips_the_row_and_the_counts_of_the_dashboard_open_in_another_without_a_reload()
    {
        await using var system = await ProductionFixture.StartAsync();
        var wall = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        var officer = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await wall.GotoAsync($"/prisons/{FirstPrison}");
        var row = wall.Locator($"tr[data-prisoner-id='{system.Ids[HarmlessNumber]}']");
        await Expect(row.Locator("[data-role=badge]")).ToHaveTextAsync("Not dangerous");
        await Expect(wall.Locator("#count-dangerous")).ToHaveTextAsync("3");
        await Expect(wall.Locator("#count-safe")).ToHaveTextAsync("8");
        // A mark on the wall screen's very document: it would be gone if anything reloaded the page.
        await wall.EvaluateAsync("() => { window.sameDocument = true; }");

        await officer.GotoAsync($"/prisoners/{HarmlessNumber}");
        var evaluatedBefore = await officer.Locator(".verdict [data-role=evaluated]").TextContentAsync();

        // The fixture's clock stands still: moved on, so that the new verdict's Evaluated reads differently.
        system.Clock.Advance(TimeSpan.FromMinutes(5));
        await officer.GetByLabel("Type").SelectOptionAsync("Weapon");
        await officer.GetByLabel("Date (YYYY-MM-DD)").FillAsync(system.Today.ToString("yyyy-MM-dd"));
        await officer.GetByLabel("What happened").FillAsync("a blade taped under the bunk");
        await officer.GetByRole(AriaRole.Button, new() { Name = "Record notice" }).ClickAsync();
        await Expect(officer.Locator("p.saved")).ToBeVisibleAsync();
        await officer.EvaluateAsync("() => { window.sameDocument = true; }");

        await Expect(row.Locator("[data-role=badge]")).ToHaveTextAsync("Dangerous", Patience);
        await Expect(row.Locator("[data-role=badge]")).ToHaveClassAsync("badge badge-dangerous");
        await Expect(row.Locator("[data-role=reasons]")).ToContainTextAsync("Weapon found in the last 12 months");
        await Expect(wall.Locator("#count-dangerous")).ToHaveTextAsync("4", Patience);
        await Expect(wall.Locator("#count-safe")).ToHaveTextAsync("7");
        await Expect(wall.Locator("#count-unknown")).ToHaveTextAsync("1");
        Assert.True(await wall.EvaluateAsync<bool>("() => window.sameDocument === true"));

        // The officer's own page, loaded while the verdict was being made, turns too: its block, not only its badge.
        await Expect(officer.Locator(".verdict [data-role=badge]")).ToHaveTextAsync("Dangerous", Patience);
        await Expect(officer.Locator(".verdict [data-role=facts]")).ToContainTextAsync("Weapon found in the last 12 months");
        await Expect(officer.Locator(".verdict [data-role=evaluated]")).Not.ToHaveTextAsync(evaluatedBefore!);
        Assert.True(await officer.EvaluateAsync<bool>("() => window.sameDocument === true"));
        await wall.ScreenshotAsync(new() { Path = Screenshot("live-dashboard.png"), FullPage = true });
    }

    [Fact]
    public async Task A_dashboard_that_cannot_reach_the_server_says_since_when_it_is_stale_and_recovers_when_it_can()
    {
        await using var system = await ProductionFixture.StartAsync(workerRunning: false);
        var wall = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await wall.GotoAsync($"/prisons/{FirstPrison}");
        // The page names times in the prison's zone (New York), whatever the browser's clock says (UTC here).
        var loadedAt = await wall.EvaluateAsync<string>("() => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/New_York' }).format(new Date())");
        var notice = wall.Locator(".stale-notice");
        await Expect(notice).ToBeHiddenAsync();

        // The network between the screen and the server fails: every poll is refused before it leaves the browser.
        await wall.RouteAsync("**/api/prisons/**", route => route.AbortAsync());
        await Expect(notice).ToBeVisibleAsync(new() { Timeout = 15_000 });
        await Expect(notice).ToContainTextAsync("Stale since ");
        var shown = (await notice.TextContentAsync())!;
        var since = shown["Stale since ".Length..("Stale since ".Length + 5)];
        Assert.True(since == loadedAt || string.CompareOrdinal(since, loadedAt) > 0, $"'{shown}' should name a time at or after the page was loaded ({loadedAt})");
        Assert.StartsWith($"Stale since {since} New York time:", shown);
        await Expect(wall.Locator(".live")).ToHaveClassAsync(new System.Text.RegularExpressions.Regex("\\bstale\\b"));
        await wall.ScreenshotAsync(new() { Path = Screenshot("stale-dashboard.png"), FullPage = true });

        await wall.UnrouteAllAsync();
        await Expect(notice).ToBeHiddenAsync(new() { Timeout = 40_000 });
        await Expect(wall.Locator(".live")).Not.ToHaveClassAsync(new System.Text.RegularExpressions.Regex("\\bstale\\b"));
    }

    [Fact]
    public async Task The_search_in_the_header_finds_a_prisoner_by_a_name_with_accents_typed_without_them()
    {
        await using var system = await ProductionFixture.StartAsync(workerRunning: false);
        await using (var db = system.Database.Open(system.Clock))
        {
            (await db.LoadPrisonerAsync(HarmlessNumber, Tracking.Tracked))!.CorrectPersonalDetails("José Peña Ñúñez", null);
            await db.SaveRecordChangesAsync();
        }

        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync($"/prisons/{FirstPrison}");
        await page.GetByLabel("Find a prisoner by number or name").FillAsync("JOSE PENA");
        await page.GetByLabel("Find a prisoner by number or name").PressAsync("Enter");

        await Expect(page).ToHaveURLAsync(new Uri(system.Web.Address, "/search?q=JOSE+PENA").ToString());
        var found = page.Locator($"tr[data-prisoner-id='{system.Ids[HarmlessNumber]}']");
        await Expect(found).ToContainTextAsync("José Peña Ñúñez");
        await Expect(found.Locator("[data-role=badge]")).ToHaveTextAsync("Unknown");
        await Expect(page.Locator("table.search-results tbody tr")).ToHaveCountAsync(1);

        await page.GetByLabel("Find a prisoner by number or name").FillAsync("nunez");
        await page.GetByLabel("Find a prisoner by number or name").PressAsync("Enter");
        await found.GetByRole(AriaRole.Link, new() { Name = HarmlessNumber }).ClickAsync();
        await Expect(page.GetByRole(AriaRole.Heading, new() { Level = 1 })).ToContainTextAsync("José Peña Ñúñez");
    }

    [Fact]
    public async Task A_prisoner_page_open_for_a_user_of_one_prison_turns_to_not_found_once_the_prisoner_is_moved_to_another()
    {
        await using var system = await ProductionFixture.StartAsync();
        var name = await system.Web.CreateUserOfPrisonsAsync([FirstPrison], Roles.Staff);
        var page = await chromium.NewPageAsync(system.Web.Address);
        await Chromium.SignInAsync(page, name, SigningIn.Password);
        await Chromium.LeftSignInAsync(page, name);
        await page.GotoAsync($"/prisoners/{HarmlessNumber}");
        await Expect(page.Locator(".verdict [data-role=badge]")).ToHaveTextAsync("Not dangerous");

        // Another officer, of every prison, transfers the prisoner to P2: out of this user's reach from then on.
        var (_, token) = await RecordPosting.OpenAsync(system.Client, HarmlessNumber, "transfer");
        using var moved = await RecordPosting.PostAsync(system.Client, HarmlessNumber, "transfer", token,
            [new("Prison", "2"), new("Date", system.Today.ToString("yyyy-MM-dd")), new("Disciplinary", "false")]);
        Assert.Equal(System.Net.HttpStatusCode.Redirect, moved.StatusCode);

        await Expect(page.Locator("h1")).ToHaveTextAsync("Not found", new() { Timeout = 15_000 });
        await Expect(page.Locator(".stale-notice")).ToHaveCountAsync(0);
    }

    /// <summary>Where a screenshot is kept for people to look at after the run.</summary>
    private static string Screenshot(string name)
    {
        var folder = Path.Combine(AppContext.BaseDirectory, "TestResults");
        Directory.CreateDirectory(folder);
        return Path.Combine(folder, name);
    }
}
