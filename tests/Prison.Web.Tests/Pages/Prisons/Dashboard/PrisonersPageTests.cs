using System.Net;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Pages.Prisons.Dashboard;

public sealed class PrisonersPageTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task Dangerous_only_lists_every_dangerous_prisoner_held_even_beyond_the_ten_latest_arrivals()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/prisoners?status=Dangerous");

        var rows = Html.ArrivalRows(html);
        Assert.Equal(DangerousAtFirstPrison, rows.Select(r => r.Number));
        Assert.All(rows, r => Assert.Equal("Dangerous", r.Badge));
        Assert.Equal("Dangerous prisoners at Prison 1", Html.TextOf(html, "h1", string.Empty));
        Assert.Equal("3 held, newest arrival first", Html.TextOf(html, "caption", string.Empty));
        Assert.Equal("Dangerous (3)", Html.TextOf(html, "a", "aria-current=\"page\""));
        Assert.DoesNotContain("rel=\"next\"", html);
    }

    [Fact]
    public async Task Without_a_status_every_current_prisoner_is_listed_newest_arrival_first()
    {
        var rows = Html.ArrivalRows(await system.Client.GetStringAsync($"/prisons/{FirstPrison}/prisoners"));

        Assert.Equal(ArrivalsNewestFirst, rows.Select(r => r.Number));
    }

    [Fact]
    public async Task The_unknown_list_shows_the_prisoner_waiting_for_a_verdict()
    {
        var rows = Html.ArrivalRows(await system.Client.GetStringAsync($"/prisons/{FirstPrison}/prisoners?status=unknown"));

        Assert.Equal([UnevaluatedNumber], rows.Select(r => r.Number));
    }

    [Theory]
    [InlineData("status=Harmless", "There is no status 'Harmless': list Dangerous, NotDangerous or Unknown prisoners, or leave the status out for all of them.")]
    [InlineData("status=1", "There is no status '1'")]
    [InlineData("after=yesterday", "'yesterday' is not where a page of this list ends. Start again from the first page.")]
    [InlineData("status=Dangerous&after=2026-13-45_A101", "'2026-13-45_A101' is not where a page of this list ends.")]
    public async Task A_status_or_a_page_that_does_not_exist_is_refused_with_400_and_says_why_in_the_error_summary(string query, string message)
    {
        using var response = await system.Client.GetAsync($"/prisons/{FirstPrison}/prisoners?{query}");

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        var html = await response.Content.ReadAsStringAsync();
        Assert.Contains(message, Html.TextOf(html, "div", "data-role=\"error-summary\""));
        Assert.Empty(Html.ArrivalRows(html));
    }

    [Fact]
    public async Task An_unknown_prison_answers_404()
    {
        using var response = await system.Client.GetAsync("/prisons/NOPE/prisoners");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }
}
