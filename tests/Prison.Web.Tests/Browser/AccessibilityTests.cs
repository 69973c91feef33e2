using Deque.AxeCore.Playwright;
using Microsoft.Playwright;
using Prison.Db.Identity;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

/// <summary>axe-core over the pages staff use most: no serious or critical violation.</summary>
public sealed class AccessibilityTests(Chromium chromium, ProductionFixture system) : IClassFixture<Chromium>, IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task The_dashboard_has_no_serious_or_critical_accessibility_violation()
    {
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync($"/prisons/{FirstPrison}");

        await NoSeriousViolationsAsync(page);
    }

    [Fact]
    public async Task The_prisoner_page_has_no_serious_or_critical_accessibility_violation()
    {
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync($"/prisoners/{ArmedNumber}");

        await NoSeriousViolationsAsync(page);
    }

    [Fact]
    public async Task The_since_last_shift_page_has_no_serious_or_critical_accessibility_violation_even_showing_an_error()
    {
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync($"/prisons/{FirstPrison}/since-last-shift");
        await NoSeriousViolationsAsync(page);

        await page.GotoAsync($"/prisons/{FirstPrison}/since-last-shift?from=yesterday");
        await NoSeriousViolationsAsync(page);
    }

    [Fact]
    public async Task The_search_results_and_a_prisons_list_have_no_serious_or_critical_accessibility_violation()
    {
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync("/search?q=a10");
        await NoSeriousViolationsAsync(page);

        await page.GotoAsync($"/prisons/{FirstPrison}/prisoners?status=Dangerous");
        await NoSeriousViolationsAsync(page);
    }

    [Fact]
    public async Task The_sign_in_page_has_no_serious_or_critical_accessibility_violation_even_showing_an_error()
    {
        var page = await chromium.NewPageAsync(system.Web.Address);
        await page.GotoAsync("/sign-in");
        await NoSeriousViolationsAsync(page);

        await Chromium.SignInAsync(page, "nobody", "Wrong-Passw0rd!");
        await NoSeriousViolationsAsync(page);
    }

    [Fact]
    public async Task The_users_page_has_no_serious_or_critical_accessibility_violation()
    {
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Admin);
        await page.GotoAsync("/admin/users");

        await NoSeriousViolationsAsync(page);
    }

    private static async Task NoSeriousViolationsAsync(IPage page)
    {
        var results = await page.RunAxe();

        var serious = results.Violations
            .Where(v => v.Impact is "serious" or "critical")
            .Select(v => $"{v.Impact} {v.Id}: {v.Help} at {string.Join(" | ", v.Nodes.Select(n => n.Html))}")
            .ToList();
        Assert.True(serious.Count == 0, $"{page.Url}:\n{string.Join("\n", serious)}");
    }
}
