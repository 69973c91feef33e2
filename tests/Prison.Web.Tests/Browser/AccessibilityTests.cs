using Deque.AxeCore.Playwright;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Playwright;
using Prison.Db.Identity;
using Prison.Web.Pages.Prisoners.Recording;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

/// <summary>
/// axe-core over every page of web, each opened in Chromium as the role it is for: no serious or critical violation.
/// The pages are listed here by the Razor page that serves them; a page web serves and this list does not name fails
/// the first test, so a page added later is checked too.
/// </summary>
public sealed class AccessibilityTests(Chromium chromium, ProductionFixture system) : IClassFixture<Chromium>, IClassFixture<ProductionFixture>
{
    /// <summary>Each Razor page (its path under Pages/), the role that opens it (null: anybody) and the addresses that show it.</summary>
    private static readonly IReadOnlyDictionary<string, (string? Role, string[] Paths)> Walked = new Dictionary<string, (string?, string[])>
    {
        ["/Index"] = (Roles.Staff, ["/", "/?from=2026-11-01&to=2026-11-10", "/?from=yesterday"]),
        ["/Account/SignIn"] = (null, ["/sign-in"]),

        // Opened without a password step it leads back to the sign-in form; TwoFactorInBrowserTests walks it between the steps.
        ["/Account/TwoFactorSignIn"] = (null, ["/sign-in/two-factor"]),
        ["/Account/SignOut"] = (Roles.Staff, ["/sign-out"]),
        ["/Account/AccessDenied"] = (Roles.Staff, ["/access-denied"]),
        ["/Error"] = (null, ["/error"]),
        ["/NotFound"] = (Roles.Staff, ["/not-found", "/prisoners/Z999"]),
        ["/Prisons/Dashboard"] = (Roles.Staff, [$"/prisons/{FirstPrison}"]),
        ["/Prisons/Prisoners"] = (Roles.Staff, [$"/prisons/{FirstPrison}/prisoners", $"/prisons/{FirstPrison}/prisoners?status=Dangerous"]),
        ["/Prisons/SinceLastShift"] = (Roles.Staff, [$"/prisons/{FirstPrison}/since-last-shift", $"/prisons/{FirstPrison}/since-last-shift?from=yesterday"]),
        ["/Prisons/ComingUp"] = (Roles.Staff, [$"/prisons/{FirstPrison}/coming-up", $"/prisons/{FirstPrison}/coming-up?days=1", $"/prisons/{FirstPrison}/coming-up?days=99"]),
        ["/Prisoners/Search"] = (Roles.Staff, ["/search", "/search?q=a10", "/search?q=zzzz"]),
        ["/Profile/Password"] = (Roles.Staff, ["/password"]),
        ["/Profile/TwoFactor"] = (Roles.Staff, ["/two-factor"]),
        ["/Prisoners/Details"] = (Roles.Staff, [$"/prisoners/{ArmedNumber}", $"/prisoners/{UnevaluatedNumber}"]),
        ["/Prisoners/Recording/Entry"] = (Roles.Staff, [.. RecordForms.All.Select(form => $"/prisoners/{ArmedNumber}/record/{form.Kind}")]),
        ["/Admin/Users/Index"] = (Roles.Admin, ["/admin/users"]),
        ["/Admin/Rules/Index"] = (Roles.Admin, ["/admin/rules"]),
        ["/Admin/Rules/Change"] = (Roles.Admin, ["/admin/rules/WeaponFoundInLast12Months"]),
        ["/Admin/Audit/Index"] = (Roles.Admin, ["/admin/audit", "/admin/audit?from=yesterday"]),
        ["/Operations/Index"] = (Roles.Operator, ["/", "/operations"]),
    };

    [Fact]
    public void Every_page_web_serves_is_on_the_list_this_test_walks()
    {
        var served = system.Web.Services.GetRequiredService<IActionDescriptorCollectionProvider>().ActionDescriptors.Items
            .OfType<PageActionDescriptor>()
            .Select(page => page.ViewEnginePath)
            .Distinct()
            .Order(StringComparer.Ordinal);

        Assert.Equal(Walked.Keys.Order(StringComparer.Ordinal), served);
    }

    [Fact]
    public async Task Every_page_opened_by_the_role_it_is_for_has_no_serious_or_critical_accessibility_violation()
    {
        var violations = new List<string>();
        foreach (var role in Walked.Values.Select(p => p.Role).Distinct())
        {
            var page = role is null ? await chromium.NewPageAsync(system.Web.Address) : await chromium.SignedInPageAsync(system.Web, role);
            foreach (var path in Walked.Values.Where(p => p.Role == role).SelectMany(p => p.Paths))
            {
                await page.GotoAsync(path);
                violations.AddRange(await SeriousViolationsAsync(page));
            }

            await page.Context.CloseAsync();
        }

        Assert.True(violations.Count == 0, string.Join("\n", violations));
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

    [Fact]
    public async Task The_dashboard_at_400_pixels_wide_has_no_serious_or_critical_accessibility_violation()
    {
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.SetViewportSizeAsync(400, 800);
        await page.GotoAsync($"/prisons/{FirstPrison}");

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
