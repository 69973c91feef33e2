using Microsoft.Playwright;
using Prison.Web.Tests.Pages.Admin;
using static Microsoft.Playwright.Assertions;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

public sealed class RulesInBrowserTests(Chromium chromium) : IClassFixture<Chromium>
{
    [Fact]
    public async Task An_admin_disables_a_rule_after_its_preview_and_the_badges_it_alone_made_Dangerous_change_after_the_reevaluation()
    {
        await using var system = await ProductionFixture.StartAsync();
        var page = await AdminSession.PageAsync(chromium, system.Web);

        await page.GotoAsync("/admin/rules");
        var rule = page.Locator("tr[data-rule-code='NotConvicted']");
        await Expect(rule.Locator("[data-role=firing]")).ToHaveTextAsync("1");
        await rule.GetByRole(AriaRole.Link, new() { Name = "Disable…" }).ClickAsync();

        await page.GetByLabel("Reason").FillAsync("remand alone is not a danger here");
        await page.GetByRole(AriaRole.Button, new() { Name = "Preview: disable" }).ClickAsync();
        await Expect(page.Locator("#preview-result")).ToHaveTextAsync("1 prisoners would become Not dangerous, 0 would become Dangerous.");
        await page.GetByRole(AriaRole.Button, new() { Name = "Apply: disable NotConvicted" }).ClickAsync();

        await Expect(page.Locator("p.saved")).ToContainTextAsync("NotConvicted is now disabled.");
        await Expect(rule.Locator("[data-role=enabled]")).ToHaveTextAsync("No");

        await page.GotoAsync($"/prisons/{FirstPrison}");
        var remand = page.Locator($"tr[data-prisoner-id='{system.Ids[RemandNumber]}'] [data-role=badge]");
        await Eventually.Async(
            async () =>
            {
                await page.ReloadAsync();
                return await remand.TextContentAsync();
            },
            badge => badge == "Not dangerous",
            "the remand prisoner's badge to change after the re-evaluation");
        await Expect(page.Locator($"tr[data-prisoner-id='{system.Ids[ArmedNumber]}'] [data-role=badge]")).ToHaveTextAsync("Dangerous");
        await Expect(page.Locator("[data-role=previous-rule-set]")).ToHaveCountAsync(0);
    }
}
