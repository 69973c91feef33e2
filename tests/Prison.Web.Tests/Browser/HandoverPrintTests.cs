using System.Text;
using System.Text.RegularExpressions;
using Microsoft.Playwright;
using Prison.Db.Identity;
using UglyToad.PdfPig;
using UglyToad.PdfPig.DocumentLayoutAnalysis.TextExtractor;
using static Microsoft.Playwright.Assertions;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Browser;

/// <summary>
/// The dashboard and "Since last shift" printed to PDF by Chromium, as a handover sheet: the prison, the span, when the
/// page was served and to whom, the lists; no navigation, search box, form, button or download link.
/// </summary>
public sealed class HandoverPrintTests(Chromium chromium, ProductionFixture system) : IClassFixture<Chromium>, IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task The_dashboard_prints_as_a_handover_sheet_naming_the_prison_and_who_printed_it_without_navigation_or_search()
    {
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync($"/prisons/{FirstPrison}");
        var user = await page.Locator("[data-role=user-name]").InnerTextAsync();
        await Expect(page.Locator("[data-role=print-header]")).ToBeHiddenAsync();

        await page.EmulateMediaAsync(new() { Media = Media.Print });
        await Expect(page.Locator("[data-role=print-header]")).ToBeVisibleAsync();
        foreach (var screenOnly in new[] { ".site-header", "form.site-search", ".prison-chooser", "nav.filter", ".shift-link" })
        {
            var matches = page.Locator(screenOnly);
            for (var i = 0; i < await matches.CountAsync(); i++)
            {
                await Expect(matches.Nth(i)).ToBeHiddenAsync();
            }
        }

        var text = PrintedText(await page.PdfAsync(new() { Format = "A4" }));
        Assert.Contains(Flat("Handover sheet: Prison 1 (P1)"), text);
        Assert.Contains(Flat($"Printed by {user} from the page as served at"), text);
        Assert.Contains(Flat("New York time"), text);
        Assert.Contains(Flat($"{ArmedNumber} Prisoner {ArmedNumber}"), text);
        foreach (var screenOnly in new[] { "Skip to the content", "Sign out", "Change password", "Find", "Ten latest arrivals", "Since last shift: who became", "Coming up, verdicts" })
        {
            Assert.DoesNotContain(Flat(screenOnly), text);
        }
    }

    [Fact]
    public async Task Since_last_shift_prints_with_its_span_and_both_groups_without_the_span_form_or_the_download_link()
    {
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync($"/prisons/{FirstPrison}/since-last-shift");
        var user = await page.Locator("[data-role=user-name]").InnerTextAsync();
        var span = await page.Locator("p[data-role=span]").InnerTextAsync();

        await page.EmulateMediaAsync(new() { Media = Media.Print });
        await Expect(page.Locator("form.shift-span")).ToBeHiddenAsync();
        await Expect(page.Locator("[data-role=download]")).ToBeHiddenAsync();

        var text = PrintedText(await page.PdfAsync(new() { Format = "A4" }));
        Assert.Contains(Flat("Handover sheet: since last shift at Prison 1 (P1)"), text);
        Assert.Contains(Flat(span.TrimEnd('.')), text);
        Assert.Contains(Flat($"Printed by {user}"), text);
        Assert.Contains(Flat("Became Dangerous"), text);
        Assert.Contains(Flat("No longer Dangerous"), text);
        foreach (var number in DangerousAtFirstPrison)
        {
            Assert.Contains(number, text);
        }

        foreach (var screenOnly in new[] { "From (New York time)", "Show", "Download every change", "Back to the dashboard", "Sign out" })
        {
            Assert.DoesNotContain(Flat(screenOnly), text);
        }
    }

    [Fact]
    public async Task Coming_up_prints_as_a_handover_sheet_with_its_days_and_rows_without_the_choice_of_days_or_the_download_link()
    {
        var page = await chromium.SignedInPageAsync(system.Web, Roles.Staff);
        await page.GotoAsync($"/prisons/{FirstPrison}/coming-up?days=30");
        var user = await page.Locator("[data-role=user-name]").InnerTextAsync();

        await page.EmulateMediaAsync(new() { Media = Media.Print });
        await Expect(page.Locator("nav.filter")).ToBeHiddenAsync();
        await Expect(page.Locator("[data-role=download]")).ToBeHiddenAsync();

        var text = PrintedText(await page.PdfAsync(new() { Format = "A4" }));
        Assert.Contains(Flat("Handover sheet: coming up at Prison 1 (P1)"), text);
        Assert.Contains(Flat("Verdicts that change in the next 30 days"), text);
        Assert.Contains(Flat($"Printed by {user}"), text);
        Assert.Contains(ComingUpNumber, text);
        foreach (var screenOnly in new[] { "Next 1 day", "Download all", "Back to the dashboard", "Sign out" })
        {
            Assert.DoesNotContain(Flat(screenOnly), text);
        }
    }

    /// <summary>
    /// Every page's text in reading order, without white space (a PDF need not keep the spaces between words as text),
    /// its ligatures read as their letters ("ﬀ" as "ff").
    /// </summary>
    private static string PrintedText(byte[] pdf)
    {
        using var document = PdfDocument.Open(pdf);
        return Flat(string.Concat(document.GetPages().Select(page => ContentOrderTextExtractor.GetText(page))).Normalize(NormalizationForm.FormKC));
    }

    private static string Flat(string text) => Regex.Replace(text, "\\s+", string.Empty);
}
