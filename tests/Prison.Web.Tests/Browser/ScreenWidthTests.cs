using Deque.AxeCore.Commons;
using Deque.AxeCore.Playwright;
using Microsoft.Playwright;
using Prison.Db.Identity;
using static Microsoft.Playwright.Assertions;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

/// <summary>
/// Every page of <see cref="WalkedPages"/> at a phone's, a tablet's and a desktop's width, as the role it is for: the
/// page never scrolls sideways, axe finds nothing, and every link and button a finger aims at (in a list, a form, a menu,
/// the header) is at least 44 by 44 CSS px; a link inside a sentence is exempt, as WCAG 2.5.8 exempts it.
/// </summary>
public sealed class ScreenWidthTests(SignedInBrowser browser) : IClassFixture<SignedInBrowser>
{
    /// <summary>A phone held upright, a tablet held upright, a desktop (the width Chromium opens at for the other tests).</summary>
    public static readonly IReadOnlyList<int> Widths = [390, 768, 1280];

    private const int Height = 900;

    private const double SmallestTarget = 44;

    /// <summary>Only what fails: axe then leaves out the nodes that pass, most of its time over a page.</summary>
    private static readonly AxeRunOptions ViolationsOnly = new() { ResultTypes = [ResultType.Violations] };

    /// <summary>
    /// axe runs over each page's first address at every width, and over its other addresses (the other recording
    /// forms, a filter, an error) at the desktop's only: they differ in what the page holds, not in how it is laid out,
    /// and axe is most of this walk's time. The width and the targets are checked at every address and every width.
    /// </summary>
    [Fact]
    public async Task Every_page_at_390_768_and_1280_pixels_fits_its_width_has_no_axe_violation_and_no_target_under_44_pixels()
    {
        var findings = new List<string>();
        foreach (var (role, paths) in WalkedPages.All.Values.GroupBy(p => p.Role).Select(g => (g.Key, g.SelectMany(p => p.Paths.Select((path, i) => (path, First: i == 0))))))
        {
            var page = await browser.PageAsync(role);
            foreach (var (path, first) in paths)
            {
                await page.SetViewportSizeAsync(Widths[^1], Height);
                await page.GotoAsync(path);
                foreach (var width in Widths)
                {
                    await page.SetViewportSizeAsync(width, Height);
                    await NextFrameAsync(page);
                    var at = $"{path} at {width} px as {role ?? "nobody"}";
                    var scrollWidth = await page.EvaluateAsync<int>("() => document.documentElement.scrollWidth");
                    if (scrollWidth != width)
                    {
                        findings.Add($"{at}: the page is {scrollWidth} px wide, so it scrolls sideways; widest: {await WidestAsync(page, width)}");
                    }

                    findings.AddRange((await SmallTargetsAsync(page)).Select(target => $"{at}: {target}"));
                    findings.AddRange((await UnlabelledCellsAsync(page)).Select(cell => $"{at}: a stacked cell without its column's name: {cell}"));
                    if (first || width == Widths[^1])
                    {
                        findings.AddRange((await page.RunAxe(ViolationsOnly)).Violations
                            .Select(v => $"{at}: axe {v.Impact} {v.Id}: {v.Help} at {string.Join(" | ", v.Nodes.Select(n => n.Html))}"));
                    }
                }
            }
        }

        Assert.True(findings.Count == 0, string.Join("\n", findings));
    }

    [Fact]
    public async Task On_a_phone_the_header_folds_behind_a_Menu_button_that_the_keyboard_opens_and_Escape_closes()
    {
        var page = await browser.PageAsync(Roles.Staff);
        await page.SetViewportSizeAsync(Widths[0], Height);
        await page.GotoAsync($"/prisons/{FirstPrison}");
        var menu = page.GetByRole(AriaRole.Button, new() { Name = "Menu" });
        var search = page.GetByRole(AriaRole.Searchbox, new() { Name = "Find a prisoner by number or name" });
        var signOut = page.GetByRole(AriaRole.Link, new() { Name = "Sign out" });

        // Folded, the header is one line: the counts come straight after it.
        await Expect(menu).ToHaveAttributeAsync("aria-expanded", "false");
        await Expect(search).ToBeHiddenAsync();
        await Expect(signOut).ToBeHiddenAsync();
        var header = await page.Locator(".site-header").BoundingBoxAsync();
        Assert.True(header!.Height < 2 * SmallestTarget, $"The folded header is {header.Height} px high.");

        await menu.FocusAsync();
        await page.Keyboard.PressAsync("Enter");
        await Expect(menu).ToHaveAttributeAsync("aria-expanded", "true");
        await Expect(search).ToBeVisibleAsync();
        await Expect(signOut).ToBeVisibleAsync();

        // The next Tab goes into the menu, and the search in it works.
        await page.Keyboard.PressAsync("Tab");
        await Expect(search).ToBeFocusedAsync();
        await page.Keyboard.PressAsync("Escape");
        await Expect(menu).ToHaveAttributeAsync("aria-expanded", "false");
        await Expect(menu).ToBeFocusedAsync();
        await Expect(search).ToBeHiddenAsync();

        await menu.ClickAsync();
        await search.FillAsync(ArmedNumber);
        await page.Keyboard.PressAsync("Enter");
        await Chromium.AtPathAsync(page, "/search");
        await Expect(page.Locator("table.search-results tbody tr")).ToHaveCountAsync(1);

        // On a desktop nothing is folded, and there is no Menu button.
        await page.SetViewportSizeAsync(Widths[^1], Height);
        await Expect(menu).ToBeHiddenAsync();
        await Expect(page.GetByRole(AriaRole.Searchbox, new() { Name = "Find a prisoner by number or name" })).ToBeVisibleAsync();
        await Expect(signOut).ToBeVisibleAsync();
    }

    [Fact]
    public async Task On_a_phone_the_dashboard_lists_stacked_rows_with_their_column_names_and_the_rows_a_live_update_writes_have_them_too()
    {
        var system = browser.System;
        var page = await browser.PageAsync(Roles.Staff);
        await page.SetViewportSizeAsync(Widths[0], Height);
        await page.GotoAsync($"/prisons/{FirstPrison}");
        var row = page.Locator($"tr[data-prisoner-id='{system.Ids[HarmlessNumber]}']");
        await Expect(row.Locator("[data-role=badge]")).ToHaveTextAsync("Not dangerous");
        await Expect(row.Locator("td").Nth(1)).ToHaveAttributeAsync("data-label", "Number");
        await Expect(row.Locator("td.danger")).ToHaveAttributeAsync("data-label", "Danger");
        await page.EvaluateAsync("() => { window.sameDocument = true; }");

        // Another officer records a weapon: the open dashboard writes the row again, and it is stacked and named as before.
        var (_, token) = await NoticePosting.OpenAsync(system.Client, HarmlessNumber);
        using (await NoticePosting.PostAsync(system.Client, HarmlessNumber, token, "Weapon", system.Today.ToString("yyyy-MM-dd"), "a blade in a boot"))
        {
        }

        await Expect(row.Locator("[data-role=badge]")).ToHaveTextAsync("Dangerous", new() { Timeout = 30_000 });
        await Expect(row.Locator("td.danger")).ToHaveAttributeAsync("data-label", "Danger");
        Assert.Empty(await UnlabelledCellsAsync(page));
        Assert.Equal(Widths[0], await page.EvaluateAsync<int>("() => document.documentElement.scrollWidth"));
        Assert.True(await page.EvaluateAsync<bool>("() => window.sameDocument === true"));

        // Each cell is one line, its column's name at the left of its value.
        var label = await row.Locator("td.danger").EvaluateAsync<string>("cell => getComputedStyle(cell, '::before').content");
        Assert.Equal("\"Danger\"", label);
        var number = await row.Locator("td").Nth(1).BoundingBoxAsync();
        var name = await row.Locator("td").Nth(2).BoundingBoxAsync();
        Assert.True(name!.Y >= number!.Y + number.Height - 1, "The Name cell lies beside the Number cell, not under it.");
        await page.ScreenshotAsync(new() { Path = Screenshot("dashboard-390px.png"), FullPage = true });
    }

    /// <summary>
    /// The links, buttons, fields and disclosures shown, by what they say and their size, that are narrower or lower than
    /// 44 px: a check box or a radio button by its label, which takes the tap too. A link with words of its parent
    /// around it is inside a sentence: WCAG's inline exception.
    /// </summary>
    private static Task<string[]> SmallTargetsAsync(IPage page) => page.EvaluateAsync<string[]>(
        """
        smallest => [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')]
          .filter(element => element.checkVisibility({ visibilityProperty: true }))
          .filter(element => !(element.tagName === 'A' && [...element.parentElement.childNodes].some(node => node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== '')))
          .map(element => ({ element, target: ['checkbox', 'radio'].includes(element.type) && element.closest('label') || element }))
          .map(({ element, target }) => ({ element, box: target.getBoundingClientRect() }))
          .filter(({ box }) => box.width < smallest - 0.5 || box.height < smallest - 0.5)
          .map(({ element, box }) => `${element.tagName.toLowerCase()} "${(element.textContent || element.name || element.id).replace(/\s+/g, ' ').trim().slice(0, 60)}" is ${box.width.toFixed(1)} by ${box.height.toFixed(1)} px`)
        """, SmallestTarget);

    /// <summary>Cells shown stacked (one a line, the table's header out of sight) that do not say which column they are.</summary>
    private static Task<string[]> UnlabelledCellsAsync(IPage page) => page.EvaluateAsync<string[]>(
        """
        () => [...document.querySelectorAll('main table')]
          .filter(table => getComputedStyle(table).display === 'block' && table.tHead && table.tHead.getBoundingClientRect().height <= 1)
          .flatMap(table => [...table.querySelectorAll(':scope > tbody > tr > td')])
          .filter(cell => cell.checkVisibility() && cell.colSpan === 1)
          .filter(cell => ['', 'none', 'normal'].includes(getComputedStyle(cell, '::before').content))
          .map(cell => cell.outerHTML.slice(0, 120))
        """);

    /// <summary>After a frame the page has laid itself out again for a new width, its scripts' resize observers included.</summary>
    private static Task NextFrameAsync(IPage page) =>
        page.EvaluateAsync("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))");

    /// <summary>What sticks out past the right edge, for the message.</summary>
    private static Task<string> WidestAsync(IPage page, int width) => page.EvaluateAsync<string>(
        """
        width => [...document.querySelectorAll('body *')]
          .filter(element => element.getBoundingClientRect().right > width + 0.5)
          .slice(-3)
          .map(element => `${element.outerHTML.slice(0, 100)} (to ${Math.round(element.getBoundingClientRect().right)} px)`)
          .join(' | ') || 'nothing found'
        """, width);

    private static string Screenshot(string name)
    {
        var folder = Path.Combine(AppContext.BaseDirectory, "TestResults");
        Directory.CreateDirectory(folder);
        return Path.Combine(folder, name);
    }
}
