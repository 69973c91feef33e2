using Microsoft.Playwright;

namespace Prison.Web.Tests.Browser;

/// <summary>
/// One Chromium and one <see cref="ProductionFixture"/> for a whole test class, with one page per role signed in the
/// first time a test asks for it and kept for the next ones: a class that walks every page as every role signs in
/// once per role, not once per page or per test.
/// </summary>
public sealed class SignedInBrowser : IAsyncLifetime
{
    private readonly Dictionary<string, IPage> _pages = [];

    public Chromium Chromium { get; } = new();

    public ProductionFixture System { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        await Chromium.InitializeAsync();
        System = await ProductionFixture.StartAsync();
    }

    /// <summary>The page signed in as a user with <paramref name="role"/>; with null, a page that signed in as nobody.</summary>
    public async Task<IPage> PageAsync(string? role)
    {
        if (!_pages.TryGetValue(role ?? "", out var page))
        {
            page = role is null ? await Chromium.NewPageAsync(System.Web.Address) : await Chromium.SignedInPageAsync(System.Web, role);
            _pages[role ?? ""] = page;
        }

        return page;
    }

    public async Task DisposeAsync()
    {
        if (System is not null)
        {
            await System.DisposeAsync();
        }

        await Chromium.DisposeAsync();
    }
}
