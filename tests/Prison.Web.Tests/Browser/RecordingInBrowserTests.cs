using Microsoft.Playwright;
using Prison.Db.Identity;
using static Microsoft.Playwright.Assertions;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

public sealed class RecordingInBrowserTests(Chromium chromium) : IClassFixture<Chromium>
{
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
