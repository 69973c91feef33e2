using Deque.AxeCore.Playwright;
using Microsoft.Playwright;
using Prison.Db.Identity;
using Prison.Web.Tests.SignIn;
using static Microsoft.Playwright.Assertions;

namespace Prison.Web.Tests.Browser;

/// <summary>Enrolling an authenticator and signing in with its code, in Chromium, under the site's Content-Security-Policy.</summary>
public sealed class TwoFactorInBrowserTests(Chromium chromium, SignInFixture signIn) : IClassFixture<Chromium>, IClassFixture<SignInFixture>
{
    [Fact]
    public async Task An_admin_enrols_by_scanning_or_typing_the_key_then_signs_in_with_the_password_and_the_apps_code()
    {
        var name = await signIn.Web.CreateUserAsync(Roles.Admin);
        var page = await chromium.NewPageAsync(signIn.Web.Address);
        var blocked = new List<string>();
        page.Console += (_, message) =>
        {
            if (message.Text.Contains("Content Security Policy", StringComparison.Ordinal))
            {
                blocked.Add(message.Text);
            }
        };
        await Chromium.SignInAsync(page, name, SigningIn.Password);
        await Chromium.AtPathAsync(page, "/");

        await page.GetByRole(AriaRole.Link, new() { Name = "Two-factor sign-in" }).ClickAsync();
        var qrCode = page.GetByRole(AriaRole.Img, new() { Name = "QR code of your authenticator key" });
        await Expect(qrCode).ToBeVisibleAsync();
        Assert.True(await qrCode.EvaluateAsync<int>("image => image.naturalWidth") > 100, "the QR code was not drawn");
        Assert.Empty(await SeriousViolationsAsync(page));
        var app = new Authenticator(await page.Locator("[data-role=authenticator-key]").InnerTextAsync(), signIn.Clock);
        await page.GetByLabel("Code from the app").FillAsync(app.Code());
        await page.GetByLabel("Your password").FillAsync(SigningIn.Password);
        await page.GetByRole(AriaRole.Button, new() { Name = "Turn two-factor sign-in on" }).ClickAsync();
        await Expect(page.Locator("[data-role=recovery-codes] li")).ToHaveCountAsync(StaffAccounts.RecoveryCodeCount);
        Assert.Empty(await SeriousViolationsAsync(page));

        await page.GotoAsync("/sign-out");
        await page.GetByRole(AriaRole.Button, new() { Name = "Sign out" }).ClickAsync();
        await Chromium.AtPathAsync(page, "/sign-in");
        await page.GotoAsync("/admin/users");
        await page.GetByLabel("User name").FillAsync(name);
        await page.GetByLabel("Password").FillAsync(SigningIn.Password);
        await page.GetByRole(AriaRole.Button, new() { Name = "Sign in" }).ClickAsync();
        await Expect(page.GetByRole(AriaRole.Heading, new() { Name = "Second step of signing in" })).ToBeVisibleAsync();
        Assert.Empty(await SeriousViolationsAsync(page));

        await page.GetByLabel("Authenticator code or recovery code").FillAsync(app.WrongCode());
        await page.GetByRole(AriaRole.Button, new() { Name = "Sign in" }).ClickAsync();
        await Expect(page.Locator("[data-role=error-summary]")).ToContainTextAsync("That code is wrong, or too old");
        Assert.Empty(await SeriousViolationsAsync(page));
        await page.GetByLabel("Authenticator code or recovery code").FillAsync(app.Code());
        await page.GetByRole(AriaRole.Button, new() { Name = "Sign in" }).ClickAsync();

        await Expect(page.GetByRole(AriaRole.Heading, new() { Name = "Users" })).ToBeVisibleAsync();
        await Expect(page.Locator("[data-role=user-name]")).ToHaveTextAsync(name);
        Assert.Empty(blocked);
    }

    private static async Task<IReadOnlyList<string>> SeriousViolationsAsync(IPage page)
    {
        var results = await page.RunAxe();
        return [.. results.Violations
            .Where(v => v.Impact is "serious" or "critical")
            .Select(v => $"{page.Url}: {v.Impact} {v.Id}: {v.Help} at {string.Join(" | ", v.Nodes.Select(n => n.Html))}")];
    }
}
