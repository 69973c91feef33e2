using System.Net;
using System.Text.RegularExpressions;
using Microsoft.Extensions.DependencyInjection;
using Prison.Domain.Evaluation;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Pages.Prisons.ComingUp;

/// <summary>"Coming up" over HTTP, on the fixture's seed: at P1, A110 has a hearing twenty days ahead, Dangerous in six days.</summary>
public sealed class ComingUpTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    private TimeZoneInfo Zone => system.Web.Services.GetRequiredService<PrisonCalendar>().TimeZone;

    [Fact]
    public async Task By_default_the_page_lists_the_weeks_changes_with_when_in_the_prisons_time_from_what_to_what_and_the_rule_with_its_fact()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/coming-up");

        var row = Assert.Single(Rows(html));
        var hearing = system.Today.AddDays(20);
        var enters = hearing.AddDays(-14);
        Assert.Equal(ComingUpNumber, row.Number);
        Assert.Equal($"{enters:yyyy-MM-dd} 00:00 New York time", row.Cells[0]);
        Assert.Equal($"Prisoner {ComingUpNumber}", row.Cells[2]);
        Assert.Equal("Not dangerous", row.Cells[3]);
        Assert.Equal("Dangerous", row.Cells[4]);
        Assert.Equal($"Comes: Court hearing within 14 days: hearing at Bronx Criminal Court on {hearing:yyyy-MM-dd}", row.Cells[5]);
        Assert.Contains("Times are the prison's (New York time)", html);
        Assert.DoesNotContain("NotDangerous", Regex.Replace(html, "<[^>]+>", " "));
    }

    [Fact]
    public async Task A_shorter_horizon_leaves_out_what_comes_later_and_another_prison_lists_only_its_own()
    {
        var tomorrow = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/coming-up?days=1");
        var month = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/coming-up?days=30");
        var elsewhere = await system.Client.GetStringAsync($"/prisons/{SecondPrison}/coming-up?days=30");

        Assert.Empty(Rows(tomorrow));
        Assert.Equal("No verdict here changes in the next 1 day.", Html.TextOf(tomorrow, "tr", "data-role=\"none\""));
        Assert.Equal([ComingUpNumber], Rows(month).Select(r => r.Number));
        Assert.Empty(Rows(elsewhere));
    }

    [Theory]
    [InlineData("days=0", "That is not a number of days from 1 to 30: the worker looks 30 days ahead at most.")]
    [InlineData("days=31", "That is not a number of days from 1 to 30: the worker looks 30 days ahead at most.")]
    [InlineData("days=-1", "That is not a number of days from 1 to 30: the worker looks 30 days ahead at most.")]
    [InlineData("days=seven", "&#x27;seven&#x27; is not a number of days.")]
    public async Task A_horizon_outside_one_to_thirty_days_is_refused_with_words_and_reads_nothing(string query, string refusal)
    {
        using var response = await system.Client.GetAsync($"/prisons/{FirstPrison}/coming-up?{query}");
        var html = await response.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains(refusal, html);
        Assert.Contains("data-role=\"error-summary\"", html);
        Assert.DoesNotContain("<table", html);
    }

    [Fact]
    public async Task The_list_downloads_as_a_CSV_file_of_the_days_asked_in_the_pages_words_with_the_prisons_zone_in_the_heading()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/coming-up?days=30");
        using var response = await system.Client.GetAsync($"/prisons/{FirstPrison}/coming-up?days=30&handler=csv");
        var tomorrow = CsvFile.Read(await system.Client.GetByteArrayAsync($"/prisons/{FirstPrison}/coming-up?days=1&handler=csv"));

        Assert.Contains($"href=\"/prisons/{FirstPrison}/coming-up?days=30&amp;handler=csv\"", html);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("P1-coming-up-30-days.csv", response.Content.Headers.ContentDisposition?.FileName);
        var file = CsvFile.Read(await response.Content.ReadAsByteArrayAsync());
        Assert.Equal(["When (New York time)", "Number", "Name", "Now", "Becomes", "Comes", "Ends"], file.Headings);
        var row = file.RowWhere("Number", ComingUpNumber);
        var hearing = system.Today.AddDays(20);
        Assert.Equal(($"{hearing.AddDays(-14):yyyy-MM-dd} 00:00", "Not dangerous", "Dangerous", $"Court hearing within 14 days: hearing at Bronx Criminal Court on {hearing:yyyy-MM-dd}"),
            (row["When (New York time)"], row["Now"], row["Becomes"], row["Comes"]));
        Assert.Equal([ComingUpNumber], file.Column("Number"));
        Assert.Empty(tomorrow.Column("Number"));
        var entries = await system.Database.RowsAsync("SELECT summary FROM audit_entry WHERE action = 'ListDownloaded'");
        Assert.Contains(["Downloaded the prisoners coming up at P1 within 30 days as a CSV file: 1 row"], entries);
    }

    [Fact]
    public async Task A_damaged_page_link_is_refused_and_reads_nothing()
    {
        using var response = await system.Client.GetAsync($"/prisons/{FirstPrison}/coming-up?after=yesterday");

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.DoesNotContain("<table", await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task The_dashboard_links_to_the_page_with_its_count_for_the_week()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}");
        var elsewhere = await system.Client.GetStringAsync($"/prisons/{SecondPrison}");

        Assert.Equal("Coming up, verdicts that change in the next 7 days: 1", Html.TextOf(html, "a", $"href=\"/prisons/{FirstPrison}/coming-up\""));
        Assert.Equal("Coming up, verdicts that change in the next 7 days: 0", Html.TextOf(elsewhere, "a", $"href=\"/prisons/{SecondPrison}/coming-up\""));
    }

    [Fact]
    public async Task The_dashboards_poll_carries_the_count_so_an_open_dashboard_keeps_it_true()
    {
        using var answer = System.Text.Json.JsonDocument.Parse(await system.Client.GetStringAsync($"/api/prisons/{FirstPrison}/dashboard"));

        Assert.Equal(1, answer.RootElement.GetProperty("comingUp").GetInt32());
    }

    [Fact]
    public async Task An_unknown_prison_answers_404()
    {
        using var response = await system.Client.GetAsync("/prisons/NOPE/coming-up");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    private static IReadOnlyList<(string Number, IReadOnlyList<string> Cells)> Rows(string html) =>
        [.. Regex.Matches(html, "<tr data-prisoner-number=\"([^\"]+)\">(.*?)</tr>", RegexOptions.Singleline)
            .Select(row => (row.Groups[1].Value,
                (IReadOnlyList<string>)[.. Regex.Matches(row.Groups[2].Value, "<td[^>]*>(.*?)</td>", RegexOptions.Singleline).Select(cell => Html.Text(cell.Groups[1].Value))]))];
}
