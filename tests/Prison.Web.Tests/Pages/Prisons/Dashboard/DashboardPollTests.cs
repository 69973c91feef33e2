using System.Net;
using System.Text.Json;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Pages.Prisons.Dashboard;

public sealed class DashboardPollTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task Asked_with_the_stamp_the_page_shows_the_poll_answers_304_with_no_body()
    {
        var stamp = Html.FirstAttribute(await system.Client.GetStringAsync($"/prisons/{FirstPrison}"), "data-stamp")!;

        using var response = await system.Client.GetAsync($"/api/prisons/{FirstPrison}/dashboard?since={Uri.EscapeDataString(stamp)}");

        Assert.Equal(HttpStatusCode.NotModified, response.StatusCode);
        Assert.Empty(await response.Content.ReadAsByteArrayAsync());
        Assert.True(response.Headers.CacheControl?.NoStore);
    }

    [Fact]
    public async Task Without_a_stamp_the_poll_answers_the_dashboard_as_the_page_shows_it()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}");

        using var json = JsonDocument.Parse(await system.Client.GetStringAsync($"/api/prisons/{FirstPrison}/dashboard"));

        var answer = json.RootElement;
        Assert.Equal(Html.FirstAttribute(html, "data-stamp"), answer.GetProperty("stamp").GetString());
        Assert.Equal(
            Html.ArrivalRows(html).Select(r => string.Join('|', r.Cells)),
            answer.GetProperty("rows").EnumerateArray().Select(r => string.Join('|',
                r.GetProperty("arrived").GetString(), r.GetProperty("number").GetString(), r.GetProperty("name").GetString(),
                r.GetProperty("legalStatus").GetString(), r.GetProperty("label").GetString(), r.GetProperty("reasons").GetString())));
        var counts = answer.GetProperty("counts");
        Assert.Equal((3, 8, 1), (counts.GetProperty("dangerous").GetInt32(), counts.GetProperty("notDangerous").GetInt32(), counts.GetProperty("unknown").GetInt32()));
    }

    [Fact]
    public async Task After_a_change_the_poll_with_the_old_stamp_answers_the_new_rows_counts_and_stamp()
    {
        var stamp = Html.FirstAttribute(await system.Client.GetStringAsync($"/prisons/{SecondPrison}"), "data-stamp")!;
        var (_, token) = await NoticePosting.OpenAsync(system.Client, "B201");
        (await NoticePosting.PostAsync(system.Client, "B201", token, "Weapon", system.Today.ToString("yyyy-MM-dd"), "a blade")).Dispose();

        // 304 at first, for as long as web reuses the stamp it read for the page (half a second).
        var polled = await Eventually.Async(
            async () =>
            {
                using var response = await system.Client.GetAsync($"/api/prisons/{SecondPrison}/dashboard?since={Uri.EscapeDataString(stamp)}");
                return response.StatusCode == HttpStatusCode.NotModified ? (JsonElement?)null : JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement.Clone();
            },
            a => a?.GetProperty("rows")[0].GetProperty("status").GetString() == "Dangerous",
            "the worker's verdict on B201",
            TimeSpan.FromSeconds(20));

        var answer = polled!.Value;
        Assert.NotEqual(stamp, answer.GetProperty("stamp").GetString());
        Assert.Contains("Weapon", answer.GetProperty("rows")[0].GetProperty("reasons").GetString());
        Assert.Equal(2, answer.GetProperty("counts").GetProperty("dangerous").GetInt32());
        using var again = await system.Client.GetAsync($"/api/prisons/{SecondPrison}/dashboard?since={Uri.EscapeDataString(answer.GetProperty("stamp").GetString()!)}");
        Assert.Equal(HttpStatusCode.NotModified, again.StatusCode);
    }

    [Theory]
    [InlineData("/api/prisons/P1/dashboard?since=yesterday", HttpStatusCode.BadRequest, "'yesterday' is not a stamp of a dashboard: give the one the last answer carried.")]
    [InlineData("/api/prisons/NOPE/dashboard", HttpStatusCode.NotFound, "There is no prison 'NOPE'.")]
    public async Task A_stamp_the_server_never_gave_or_an_unknown_prison_is_refused_and_says_why(string url, HttpStatusCode status, string detail)
    {
        using var response = await system.Client.GetAsync(url);

        Assert.Equal(status, response.StatusCode);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal(detail, problem.RootElement.GetProperty("detail").GetString());
    }
}
