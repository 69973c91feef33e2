using Microsoft.Playwright;

namespace Prison.Web.Tests.Browser;

/// <summary>
/// The machine's own Chromium (TestServers.Chromium) driven by Playwright, headless, one per test class. Playwright's
/// downloaded browsers are never used, and the switches keep Chromium from reaching out to the network on its own.
/// </summary>
public sealed partial class Chromium : IAsyncLifetime
{
    private IPlaywright? _playwright;

    public IBrowser Browser { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        // An assertion waits as long as an action does: test projects run side by side and share the cores.
        Assertions.SetDefaultExpectTimeout(10_000);
        _playwright = await Playwright.CreateAsync();
        Browser = await _playwright.Chromium.LaunchAsync(new BrowserTypeLaunchOptions
        {
            ExecutablePath = TestServers.Chromium,
            Headless = true,
            Timeout = 30_000,
            Args =
            [
                "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--disable-quic",
            ],
        });
    }

    /// <summary>A fresh context (cookies, storage) pointed at <paramref name="baseUrl"/>, with a desktop-sized window.</summary>
    public async Task<IPage> NewPageAsync(Uri baseUrl)
    {
        var context = await Browser.NewContextAsync(new BrowserNewContextOptions
        {
            BaseURL = baseUrl.ToString(),
            ViewportSize = new ViewportSize { Width = 1280, Height = 900 },
            Locale = "en-US",
        });
        context.SetDefaultTimeout(10_000);

        // A page's load waits on the server, which shares the cores with the other test projects' lanes.
        context.SetDefaultNavigationTimeout(30_000);
        return await context.NewPageAsync();
    }

    /// <summary>A fresh page signed in through the sign-in form as a new user with <paramref name="roles"/>, on the start page.</summary>
    public async Task<IPage> SignedInPageAsync(RunningWeb web, params string[] roles)
    {
        var name = await web.CreateUserAsync(roles);
        var page = await NewPageAsync(web.Address);
        await SignInAsync(page, name, SigningIn.Password);
        await LeftSignInAsync(page, name);
        return page;
    }

    /// <summary>
    /// Waits until the browser has left the sign-in form for the page it was sent to, as a signed-in user. Only the
    /// address is awaited (each test then waits for what it looks at): a loaded machine must not fail here on the next
    /// page's load event, and a wait for a navigation would miss one that came before it began. A fresh server's first
    /// sign-in also hashes a password and opens its first connections, so this wait is longer than the page's default.
    /// </summary>
    public static async Task LeftSignInAsync(IPage page, string name)
    {
        try
        {
            await Assertions.Expect(page).Not.ToHaveURLAsync(OnSignInForm(), new() { Timeout = 30_000 });
        }
        catch (Exception stuck) when (stuck is PlaywrightException or TimeoutException)
        {
            throw new InvalidOperationException($"Signing in as {name} did not leave {page.Url}; the page said: {await VisibleTextAsync(page)}", stuck);
        }
    }

    /// <summary>
    /// Waits until the page's address has the path <paramref name="path"/> (any query), by polling the address: unlike
    /// WaitForURLAsync, it cannot miss a navigation that came before it began (playwright-dotnet #3364, #3365).
    /// </summary>
    public static Task AtPathAsync(IPage page, string path, float timeout = 10_000) =>
        Assertions.Expect(page).ToHaveURLAsync(new System.Text.RegularExpressions.Regex($@"^https?://[^/]+{System.Text.RegularExpressions.Regex.Escape(path)}(\?|#|$)"), new() { Timeout = timeout });

    [System.Text.RegularExpressions.GeneratedRegex(@"^https?://[^/]+/sign-in(/|\?|$)")]
    private static partial System.Text.RegularExpressions.Regex OnSignInForm();

    private static async Task<string> VisibleTextAsync(IPage page)
    {
        try
        {
            return await page.Locator("body").InnerTextAsync(new() { Timeout = 1_000 });
        }
        catch (PlaywrightException)
        {
            return "(nothing readable)";
        }
    }

    /// <summary>Fills and submits the sign-in form as a person would.</summary>
    public static async Task SignInAsync(IPage page, string name, string password)
    {
        await page.GotoAsync("/sign-in");
        await page.GetByLabel("User name").FillAsync(name);
        await page.GetByLabel("Password").FillAsync(password);
        await page.GetByRole(AriaRole.Button, new() { Name = "Sign in" }).ClickAsync();
    }

    public async Task DisposeAsync()
    {
        if (Browser is not null)
        {
            await Browser.DisposeAsync();
        }

        _playwright?.Dispose();
    }
}
