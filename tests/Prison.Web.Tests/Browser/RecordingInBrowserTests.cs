using Microsoft.Playwright;
using Prison.Db.Identity;
using static Microsoft.Playwright.Assertions;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

public sealed class RecordingInBrowserTests(Chromium chromium) : IClassFixture<Chromium>
{
    /// <summary>
    /// The first post is held in the browser until the second click has sent the second, then both go to web at once:
    /// a double click whose first answer is slow, as it is on a busy day. Both answers lead to the prisoner page.
    /// </summary>
    [Fact]
    public async Task A_notice_form_submitted_twice_before_its_first_answer_saves_one_notice()
    {
        await using var system = await ProductionFixture.StartAsync(workerRunning: false);
        var today = system.Today.ToString("yyyy-MM-dd");
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        var posts = new List<IRoute>();
        var bothPosted = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var answers = new List<int>();
        await page.RouteAsync("**/record/disciplinary-notice", async route =>
        {
            lock (posts)
            {
                posts.Add(route);
                if (posts.Count == 2)
                {
                    bothPosted.TrySetResult();
                }
            }

            await bothPosted.Task;
            var answer = await route.FetchAsync(new() { MaxRedirects = 0 });
            lock (answers)
            {
                answers.Add(answer.Status);
            }

            try
            {
                await route.FulfillAsync(new() { Response = answer });
            }
            catch (PlaywrightException)
            {
                // The browser gave up waiting for the first post when the second was sent: its answer has nowhere to go.
            }
        });

        await page.GotoAsync($"/prisoners/{HarmlessNumber}");
        await page.GetByLabel("Type").SelectOptionAsync("Threat");
        await page.GetByLabel("Date (YYYY-MM-DD)").FillAsync(today);
        await page.GetByLabel("What happened").FillAsync("threatened an officer at lunch");
        // The mouse itself, as a person clicks: a locator's click would wait for the navigation the route holds back.
        // Scrolled to first, as a person would: the mouse clicks where the button is on the screen.
        var record = page.GetByRole(AriaRole.Button, new() { Name = "Record notice" });
        await record.ScrollIntoViewIfNeededAsync();
        var button = (await record.BoundingBoxAsync())!;
        await page.Mouse.ClickAsync(button.X + (button.Width / 2), button.Y + (button.Height / 2));
        await Eventually.Async(() => Task.FromResult(posts.Count), count => count == 1, "the first post to leave the page");
        await page.Mouse.ClickAsync(button.X + (button.Width / 2), button.Y + (button.Height / 2));
        await bothPosted.Task.WaitAsync(TimeSpan.FromSeconds(10));
        await Eventually.Async(() => Task.FromResult(answers.Count), count => count == 2, "web to answer both posts");

        Assert.Equal([302, 302], answers);
        Assert.Equal(1, await system.NoticeCountAsync(HarmlessNumber));
        await Expect(page.Locator("p.saved")).ToBeVisibleAsync();
        await Expect(page.GetByText("threatened an officer at lunch")).ToHaveCountAsync(1);
    }

    [Fact]
    public async Task A_rejected_charge_form_keeps_what_was_typed_and_once_saved_the_charge_can_be_struck_out()
    {
        await using var system = await ProductionFixture.StartAsync();
        var tomorrow = system.Today.AddDays(1).ToString("yyyy-MM-dd");
        var yesterday = system.Today.AddDays(-1).ToString("yyyy-MM-dd");
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);

        await page.GotoAsync($"/prisoners/{HarmlessNumber}");
        await page.GetByRole(AriaRole.Link, new() { Name = "Add a charge", Exact = true }).ClickAsync();
        await page.GetByLabel("Offence", new() { Exact = true }).FillAsync("Robbery of a shop");
        await page.GetByLabel("Category").SelectOptionAsync("Robbery");
        await page.GetByLabel("A violent offence").CheckAsync();
        await page.GetByLabel("Offence date, if known (YYYY-MM-DD)").FillAsync(tomorrow);
        await page.GetByRole(AriaRole.Button, new() { Name = "Save" }).ClickAsync();

        await Expect(page.Locator("#OffenceDate-error")).ToHaveTextAsync($"The date cannot be in the future: today is {system.Today:yyyy-MM-dd} at this prison.");
        await Expect(page.GetByLabel("Offence date, if known (YYYY-MM-DD)")).ToHaveAttributeAsync("aria-describedby", "OffenceDate-error");
        await Expect(page.GetByLabel("Offence", new() { Exact = true })).ToHaveValueAsync("Robbery of a shop");
        await Expect(page.GetByLabel("Category")).ToHaveValueAsync("Robbery");
        await Expect(page.GetByLabel("A violent offence")).ToBeCheckedAsync();
        await Expect(page.GetByLabel("Offence date, if known (YYYY-MM-DD)")).ToHaveValueAsync(tomorrow);

        await page.GetByLabel("Offence date, if known (YYYY-MM-DD)").FillAsync(yesterday);
        await page.GetByRole(AriaRole.Button, new() { Name = "Save" }).ClickAsync();

        await Expect(page.Locator("p.saved")).ToContainTextAsync("Charge of Robbery of a shop added.");
        var charge = page.Locator("ul.record li", new() { HasText = "Robbery of a shop" });
        await charge.GetByRole(AriaRole.Link, new() { Name = "Strike out" }).ClickAsync();
        await page.GetByLabel("Why it was made in error").FillAsync("meant for another prisoner");
        await page.GetByRole(AriaRole.Button, new() { Name = "Strike out" }).ClickAsync();

        await Expect(page.Locator("ul.record li.struck del", new() { HasText = "Robbery of a shop" })).ToBeVisibleAsync();
        await Expect(page.Locator("ul.record li.struck", new() { HasText = "Robbery of a shop" })).ToContainTextAsync("meant for another prisoner");
        await Expect(page.Locator(".verdict [data-role=badge]")).ToHaveTextAsync("Not dangerous", new() { Timeout = 30_000 });
    }
}
