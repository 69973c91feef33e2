using Microsoft.Playwright;
using Prison.Db.Identity;
using Prison.Web.Tests.SignIn;
using static Microsoft.Playwright.Assertions;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

public sealed class SignInInBrowserTests(Chromium chromium, SignInFixture signIn) : IClassFixture<Chromium>, IClassFixture<SignInFixture>
{
    [Fact]
    public async Task Staff_sign_in_through_the_form_and_land_on_the_dashboard_they_asked_for()
    {
        await using var system = await ProductionFixture.StartAsync(workerRunning: false);
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        var page = await chromium.NewPageAsync(system.Web.Address);

        await page.GotoAsync($"/prisons/{FirstPrison}");
        await Expect(page.GetByRole(AriaRole.Heading, new() { Name = "Sign in" })).ToBeVisibleAsync();
        await page.GetByLabel("User name").FillAsync(name);
        await page.GetByLabel("Password").FillAsync(SigningIn.Password);
        await page.GetByRole(AriaRole.Button, new() { Name = "Sign in" }).ClickAsync();

        await Expect(page).ToHaveURLAsync(new Uri(system.Web.Address, $"/prisons/{FirstPrison}").ToString());
        await Expect(page.Locator("table.arrivals tbody tr")).ToHaveCountAsync(10);
        await Expect(page.Locator("[data-role=user-name]")).ToHaveTextAsync(name);
        await Expect(page.GetByRole(AriaRole.Link, new() { Name = "Operations" })).ToHaveCountAsync(0);
    }

    [Fact]
    public async Task Staff_are_refused_an_admin_page_with_the_403_page()
    {
        var page = await chromium.SignedInPageAsync(signIn.Web, Roles.Staff);

        var response = await page.GotoAsync("/admin/users");

        Assert.Equal(403, response!.Status);
        await Expect(page.GetByRole(AriaRole.Heading, new() { Name = "Not allowed" })).ToBeVisibleAsync();
        await Expect(page.GetByRole(AriaRole.Heading, new() { Name = "Users" })).ToHaveCountAsync(0);
    }

    [Fact]
    public async Task Five_wrong_passwords_lock_the_account_and_then_the_right_one_is_refused_too()
    {
        var name = await signIn.Web.CreateUserAsync(Roles.Staff);
        var page = await chromium.NewPageAsync(signIn.Web.Address);

        for (var attempt = 1; attempt <= 5; attempt++)
        {
            await Chromium.SignInAsync(page, name, $"Wrong-Passw0rd-{attempt}");
        }

        await Expect(page.Locator("[data-role=error-summary]")).ToContainTextAsync("This account is locked after 5 wrong passwords");
        await Chromium.SignInAsync(page, name, SigningIn.Password);
        await Expect(page.Locator("[data-role=error-summary]")).ToContainTextAsync("This account is locked");
        await Expect(page.GetByLabel("User name")).ToHaveValueAsync(name);
        Assert.EndsWith("/sign-in", new Uri(page.Url).AbsolutePath, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_dashboard_poll_does_not_keep_an_idle_dashboard_signed_in()
    {
        await using var system = await ProductionFixture.StartAsync(workerRunning: false);
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync($"/prisons/{FirstPrison}");
        await Expect(page.Locator($"tr[data-prisoner-id='{system.Ids[UnevaluatedNumber]}'] [data-role=badge]")).ToHaveTextAsync("Unknown");

        // The page asks every few seconds whether its dashboard changed; twenty minutes on, the polls still pass, and renew nothing.
        system.Clock.Advance(TimeSpan.FromMinutes(20));
        var polled = await page.WaitForResponseAsync(r => r.Url.Contains($"/api/prisons/{FirstPrison}/dashboard", StringComparison.Ordinal));
        Assert.Equal(304, polled.Status);

        system.Clock.Advance(TimeSpan.FromMinutes(11));
        await Chromium.AtPathAsync(page, "/sign-in", timeout: 15_000);
        await Expect(page.GetByRole(AriaRole.Heading, new() { Name = "Sign in" })).ToBeVisibleAsync();
        Assert.Contains("ReturnUrl=%2Fprisons%2FP1", page.Url, StringComparison.Ordinal);
    }
}
