using System.Net;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Pages.Prisons.Dashboard;

public sealed class DashboardTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task The_dashboard_shows_the_ten_latest_arrivals_newest_first_with_their_badges_in_words()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}");

        var rows = Html.ArrivalRows(html);
        Assert.Equal(ArrivalsNewestFirst.Take(10), rows.Select(r => r.Number));
        Assert.Equal(rows.Select(r => system.Ids[r.Number]), rows.Select(r => r.PrisonerId));
        Assert.Equal(system.Today.AddDays(-1).ToString("yyyy-MM-dd"), rows[0].Cells[0]);
        Assert.All(rows.Where(r => r.Number is not (ArmedNumber or RemandNumber or UnevaluatedNumber)), r => Assert.Equal("Not dangerous", r.Badge));
        Assert.Equal("Dangerous", Row(rows, ArmedNumber).Badge);
        Assert.Contains("Weapon found in the last 12 months", Row(rows, ArmedNumber).Reasons);
        Assert.Equal("Dangerous", Row(rows, RemandNumber).Badge);
        Assert.Equal("Not convicted (remand or awaiting trial)", Row(rows, RemandNumber).Reasons);
        Assert.Equal("Unknown", Row(rows, UnevaluatedNumber).Badge);
        Assert.Equal("Unknown", Row(rows, UnevaluatedNumber).Status);
        Assert.Equal("Convicted", Row(rows, HarmlessNumber).Cells[3]);
        Assert.Equal($"Prisoner {HarmlessNumber}", Row(rows, HarmlessNumber).Cells[2]);
    }

    [Fact]
    public async Task The_counts_cover_every_current_prisoner_of_the_prison_not_only_the_ten_shown()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}");

        // Twelve held at P1: three dangerous (one among the two older arrivals), one not evaluated yet; the released one is not counted.
        Assert.Equal("3", Html.TextById(html, "count-dangerous"));
        Assert.Equal("8", Html.TextById(html, "count-safe"));
        Assert.Equal("1", Html.TextById(html, "count-unknown"));
    }

    [Fact]
    public async Task Each_count_links_to_the_list_of_its_prisoners_and_dangerous_only_to_the_full_list_of_the_dangerous()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}");

        Assert.Contains($"<a class=\"count\" href=\"/prisons/{FirstPrison}/prisoners?status=Dangerous\">", html);
        Assert.Contains($"<a class=\"count\" href=\"/prisons/{FirstPrison}/prisoners?status=NotDangerous\">", html);
        Assert.Contains($"<a class=\"count\" href=\"/prisons/{FirstPrison}/prisoners?status=Unknown\">", html);
        Assert.Contains($"<a href=\"/prisons/{FirstPrison}/prisoners?status=Dangerous\">Dangerous only</a>", html);
        Assert.Equal("All current prisoners", Html.TextOf(html, "a", $"href=\"/prisons/{FirstPrison}/prisoners\""));
    }

    [Fact]
    public async Task The_old_dangerous_only_address_leads_to_the_full_list_of_the_dangerous()
    {
        using var response = await system.Client.GetAsync($"/prisons/{FirstPrison}?show=dangerous");

        Assert.Equal(HttpStatusCode.Redirect, response.StatusCode);
        Assert.Equal($"/prisons/{FirstPrison}/prisoners?status=Dangerous", response.Headers.Location?.OriginalString);
    }

    [Fact]
    public async Task The_dashboard_carries_the_stamp_and_the_poll_its_script_asks()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}");

        Assert.Equal($"/api/prisons/{FirstPrison}/dashboard", Html.FirstAttribute(html, "data-dashboard-poll"));
        Assert.Matches(@"^\d+\.", Html.FirstAttribute(html, "data-stamp"));
        Assert.Contains("<script src=\"/js/live.js?v=", html);
    }

    [Fact]
    public async Task The_other_prison_shows_only_its_own_arrivals()
    {
        var rows = Html.ArrivalRows(await system.Client.GetStringAsync($"/prisons/{SecondPrison.ToLowerInvariant()}"));

        Assert.Equal(["B201", "B202"], rows.Select(r => r.Number));
        Assert.Equal(["Not dangerous", "Dangerous"], rows.Select(r => r.Badge));
    }

    [Fact]
    public async Task The_home_page_lists_the_prisons_with_links_to_their_dashboards()
    {
        var html = await system.Client.GetStringAsync("/");

        Assert.Equal("Prison 1", Html.TextOf(html, "a", $"href=\"/prisons/{FirstPrison}\""));
        Assert.Equal("Prison 2", Html.TextOf(html, "a", $"href=\"/prisons/{SecondPrison}\""));
    }

    [Fact]
    public async Task An_unknown_prison_answers_404_with_the_not_found_page()
    {
        using var response = await system.Client.GetAsync("/prisons/NOPE");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        var html = await response.Content.ReadAsStringAsync();
        Assert.Equal("Not found", Html.TextOf(html, "h1", string.Empty));
        Assert.Contains("There is no such prison or prisoner.", html);
    }

    [Fact]
    public async Task An_unknown_prisoner_answers_404_with_the_not_found_page()
    {
        using var response = await system.Client.GetAsync("/prisoners/Z999");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal("Not found", Html.TextOf(await response.Content.ReadAsStringAsync(), "h1", string.Empty));
    }

    private static DashboardRow Row(IReadOnlyList<DashboardRow> rows, string number) => Assert.Single(rows, r => r.Number == number);
}
