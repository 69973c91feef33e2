using Deque.AxeCore.Playwright;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Playwright;
using Prison.Db.Identity;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

/// <summary>
/// axe-core in Chromium over what the walk of every page (ScreenWidthTests, over <see cref="WalkedPages"/>, at every
/// width) does not reach: a refused form, the sign-in page's error, the skip link. A page web serves that WalkedPages
/// does not name fails the first test here, so a page added later is walked too.
/// </summary>
public sealed class AccessibilityTests(Chromium chromium, ProductionFixture system) : IClassFixture<Chromium>, IClassFixture<ProductionFixture>
{
    [Fact]
    public void Every_page_web_serves_is_on_the_list_the_browser_walks()
    {
        var served = system.Web.Services.GetRequiredService<IActionDescriptorCollectionProvider>().ActionDescriptors.Items
            .OfType<PageActionDescriptor>()
            .Select(page => page.ViewEnginePath)
            .Distinct()
            .Order(StringComparer.Ordinal);

        Assert.Equal(WalkedPages.All.Keys.Order(StringComparer.Ordinal), served);
    }

    [Fact]
    public async Task A_refused_form_with_its_error_summary_and_invalid_fields_has_no_serious_or_critical_accessibility_violation()
    {
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync($"/prisoners/{HarmlessNumber}");
        await page.GetByLabel("Date (YYYY-MM-DD)").FillAsync("1899-12-31");
        await page.GetByRole(AriaRole.Button, new() { Name = "Record notice" }).ClickAsync();
        await page.Locator("[data-role=error-summary]").WaitForAsync();

        Assert.Empty(await SeriousViolationsAsync(page));
    }

    [Fact]
    public async Task The_first_tab_reaches_the_skip_link_which_takes_the_focus_past_the_header_to_the_content()
    {
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync($"/prisons/{FirstPrison}");

        await page.Keyboard.PressAsync("Tab");
        var skip = page.GetByRole(AriaRole.Link, new() { Name = "Skip to the content" });
        await Assertions.Expect(skip).ToBeFocusedAsync();
        await Assertions.Expect(skip).ToBeInViewportAsync();
        await page.Keyboard.PressAsync("Enter");

        await Assertions.Expect(page.Locator("main")).ToBeFocusedAsync();
    }

    [Fact]
    public async Task The_sign_in_page_has_no_serious_or_critical_accessibility_violation_even_showing_an_error()
    {
        var page = await chromium.NewPageAsync(system.Web.Address);
        await page.GotoAsync("/sign-in");
        Assert.Empty(await SeriousViolationsAsync(page));

        await Chromium.SignInAsync(page, "nobody", "Wrong-Passw0rd!");
        Assert.Empty(await SeriousViolationsAsync(page));
    }

    private static async Task<IReadOnlyList<string>> SeriousViolationsAsync(IPage page)
    {
        var results = await page.RunAxe();
        return [.. results.Violations
            .Where(v => v.Impact is "serious" or "critical")
            .Select(v => $"{page.Url}: {v.Impact} {v.Id}: {v.Help} at {string.Join(" | ", v.Nodes.Select(n => n.Html))}")];
    }
}
