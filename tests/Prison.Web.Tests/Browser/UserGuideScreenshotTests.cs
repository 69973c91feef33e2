using Microsoft.Data.Sqlite;
using Microsoft.Playwright;
using static Microsoft.Playwright.Assertions;

namespace Prison.Web.Tests.Browser;

/// <summary>
/// The user guide's screenshots (docs/images), taken from the embedded product with its demo data as each demo user
/// sees it. Every run takes them and checks each page showed what the guide says it shows; scripts/screenshots.sh
/// runs this test with PRISON_WRITE_SCREENSHOTS=1, which writes them into docs/images.
/// </summary>
public sealed class UserGuideScreenshotTests(Chromium chromium) : IClassFixture<Chromium>, IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), $"prison-guide-{Guid.NewGuid():N}");

    [Fact]
    public async Task Each_page_the_user_guide_shows_is_taken_from_the_running_product_as_its_user_sees_it()
    {
        await EmbeddedDataFolder.HoldingTheDemoAsync(_folder);
        await using var web = await RunningWeb.StartAsync(["--urls=http://127.0.0.1:0", $"--Prison:DataFolder={_folder}"]);
        var target = Environment.GetEnvironmentVariable("PRISON_WRITE_SCREENSHOTS") == "1"
            ? Path.Combine(Repository.Root(), "docs", "images")
            : Path.Combine(_folder, "images");
        Directory.CreateDirectory(target);
        var shots = new List<string>();

        var anonymous = await chromium.NewPageAsync(web.Address);
        await anonymous.GotoAsync("/sign-in");
        shots.Add(await ShotAsync(anonymous, target, "sign-in", "Sign in"));

        var staff = await SignedInAsync(web, "staff");
        await staff.GotoAsync("/");
        shots.Add(await ShotAsync(staff, target, "overview", "Prisons at a glance"));
        await staff.GotoAsync("/prisons/RNDC");
        await Expect(staff.Locator("[data-role=badge]").First).Not.ToHaveTextAsync("Unknown", new() { Timeout = 60_000 });
        shots.Add(await ShotAsync(staff, target, "dashboard", "Robert N. Davoren Center"));
        await staff.Locator("tr:has([data-role=badge]:text-is('Dangerous')) a").First.ClickAsync();
        await Chromium.AtPathAsync(staff, staff.Url[staff.Url.IndexOf("/prisoners/", StringComparison.Ordinal)..]);
        await Expect(staff.Locator(".verdict [data-role=badge]")).ToHaveTextAsync("Dangerous");
        shots.Add(await ShotAsync(staff, target, "prisoner", string.Empty));
        await staff.GotoAsync("/prisons/RNDC/since-last-shift");
        shots.Add(await ShotAsync(staff, target, "since-last-shift", "Since last shift"));
        await staff.GotoAsync("/prisons/RNDC/coming-up");
        shots.Add(await ShotAsync(staff, target, "coming-up", "Coming up"));

        var admin = await SignedInAsync(web, "admin");
        await admin.GotoAsync("/admin/users");
        shots.Add(await ShotAsync(admin, target, "users", "Users"));
        await admin.GotoAsync("/admin/rules");
        shots.Add(await ShotAsync(admin, target, "rules", "Rules"));
        await admin.GotoAsync("/admin/audit");
        shots.Add(await ShotAsync(admin, target, "audit", "Audit log"));

        var operations = await SignedInAsync(web, "operator");
        await operations.GotoAsync("/operations");
        shots.Add(await ShotAsync(operations, target, "operations", "Operations"));

        Assert.All(shots, file => Assert.True(new FileInfo(file).Length > 10_000, $"{file} is too small to show a page"));
    }

    public void Dispose()
    {
        SqliteConnection.ClearAllPools();
        if (Directory.Exists(_folder))
        {
            Directory.Delete(_folder, recursive: true);
        }
    }

    private async Task<IPage> SignedInAsync(RunningWeb web, string name)
    {
        var page = await chromium.NewPageAsync(web.Address);
        await Chromium.SignInAsync(page, name, EmbeddedDataFolder.DemoPassword);
        await Chromium.LeftSignInAsync(page, name);
        return page;
    }

    /// <summary>A PNG of the first screen, named <paramref name="name"/>, once the page shows <paramref name="heading"/> in its first heading.</summary>
    private static async Task<string> ShotAsync(IPage page, string folder, string name, string heading)
    {
        await Expect(page.Locator("h1").First).ToContainTextAsync(heading);
        var file = Path.Combine(folder, $"{name}.png");
        await page.ScreenshotAsync(new PageScreenshotOptions { Path = file, FullPage = false, Timeout = 60_000 });
        return file;
    }
}
