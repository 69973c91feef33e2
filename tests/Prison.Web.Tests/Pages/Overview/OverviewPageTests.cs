using System.Net;
using System.Text.RegularExpressions;
using Prison.Db.Identity;

namespace Prison.Web.Tests.Pages.Overview;

/// <summary>
/// The start page of a user who sees prisoners is the overview of the prisons in reach: counts by status, the change
/// in Dangerous over the day and the week, and a chart of Dangerous day by day with its figures as a table.
/// </summary>
public sealed class OverviewPageTests(OverviewFixture system) : IClassFixture<OverviewFixture>
{
    [Fact]
    public async Task Headquarters_sees_every_prison_with_its_counts_and_todays_change_in_words()
    {
        using var client = await system.Web.SignedInClientAsync(Roles.Staff);

        var page = await client.GetStringAsync("/");

        Assert.Equal(Enumerable.Range(1, OverviewFixture.PrisonCount).Select(n => $"P{n}").Order(), Rows(page).Order());
        foreach (var prison in new[] { 1, 6, 20 })
        {
            var row = Row(page, $"P{prison}");
            Assert.Equal($"{OverviewFixture.DangerousAt(prison)}", Cell(row, "dangerous"));
            Assert.Equal($"{prison + 3 - OverviewFixture.DangerousAt(prison)}", Cell(row, "not-dangerous"));
            Assert.Equal("1", Cell(row, "unknown"));
            Assert.Equal($"+{OverviewFixture.DangerousAt(prison)}", Cell(row, "day-change"));
            Assert.Equal($"+{OverviewFixture.DangerousAt(prison)}", Cell(row, "week-change"));
        }

        Assert.Contains(">Not dangerous<", page, StringComparison.Ordinal);
        Assert.DoesNotContain("NotDangerous", Regex.Replace(page, "<[^>]*>", " "), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Each_prison_has_a_chart_of_ninety_days_with_a_text_alternative_and_its_figures_as_a_table()
    {
        using var client = await system.Web.SignedInClientAsync(Roles.Staff);

        var page = await client.GetStringAsync("/");

        var chart = Regex.Match(page, "<section class=\"overview-chart\"[^>]*data-chart=\"P3\".*?</section>", RegexOptions.Singleline).Value;
        Assert.Matches("<svg [^>]*role=\"img\" aria-labelledby=\"chart-3-title chart-3-desc\"", chart);
        Assert.Contains("<title id=\"chart-3-title\">Dangerous prisoners at Prison 3, day by day</title>", chart, StringComparison.Ordinal);
        Assert.Contains($"{OverviewFixture.DangerousAt(3)} at the last day.</desc>", chart, StringComparison.Ordinal);
        Assert.DoesNotContain("style=", chart, StringComparison.Ordinal);
        var figures = Regex.Matches(Regex.Match(chart, "<details>.*</details>", RegexOptions.Singleline).Value, "<tr><td>").Count;
        Assert.Equal(90, figures);
        Assert.Matches($"<tr><td>{DateTime.UtcNow:yyyy-MM-dd}</td><td>[^<]+</td><td>{OverviewFixture.DangerousAt(3)}</td></tr>", chart);
    }

    [Fact]
    public async Task A_span_asked_in_the_query_string_charts_those_days()
    {
        using var client = await system.Web.SignedInClientAsync(Roles.Staff);
        var today = DateOnly.FromDateTime(DateTime.UtcNow);

        var page = await client.GetStringAsync($"/?from={today.AddDays(-9):yyyy-MM-dd}&to={today:yyyy-MM-dd}");

        var chart = Regex.Match(page, "<section class=\"overview-chart\"[^>]*data-chart=\"P1\".*?</section>", RegexOptions.Singleline).Value;
        Assert.Equal(10, Regex.Matches(chart, "<tr><td>").Count);
        Assert.Equal($"{today.AddDays(-9):yyyy-MM-dd}", Html.InputValue(page, "from"));
    }

    [Theory]
    [InlineData("from=yesterday", "The start must be a day written as 2026-11-27.")]
    [InlineData("from=2026-02-30", "The start must be a day written as 2026-11-27.")]
    [InlineData("from=2099-01-02&to=2099-01-01", "The end cannot be after today")]
    [InlineData("from=2000-01-01", "The start can be at most")]
    public async Task A_span_that_cannot_be_read_is_refused_with_a_clear_error_and_no_figures(string query, string error)
    {
        using var client = await system.Web.SignedInClientAsync(Roles.Staff);

        using var answer = await client.GetAsync($"/?{query}");
        var page = await answer.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Contains(error, WebUtility.HtmlDecode(page), StringComparison.Ordinal);
        Assert.Contains("data-role=\"error-summary\"", page, StringComparison.Ordinal);
        Assert.Empty(Rows(page));
    }

    [Fact]
    public async Task A_span_longer_than_a_year_or_backwards_is_refused()
    {
        using var client = await system.Web.SignedInClientAsync(Roles.Staff);
        var today = DateOnly.FromDateTime(DateTime.UtcNow);

        var tooLong = WebUtility.HtmlDecode(await client.GetStringAsync($"/?from={today.AddDays(-400):yyyy-MM-dd}&to={today:yyyy-MM-dd}"));
        var backwards = WebUtility.HtmlDecode(await client.GetStringAsync($"/?from={today:yyyy-MM-dd}&to={today.AddDays(-1):yyyy-MM-dd}"));

        Assert.Contains("A chart shows at most 366 days", tooLong, StringComparison.Ordinal);
        Assert.Contains("The start must not come after the end.", backwards, StringComparison.Ordinal);
        Assert.Empty(Rows(tooLong));
        Assert.Empty(Rows(backwards));
    }

    [Fact]
    public async Task A_user_of_some_prisons_sees_only_those_and_a_user_of_none_sees_none()
    {
        var ofTwo = await system.Web.CreateUserOfPrisonsAsync(["P2", "P7"], Roles.Staff);
        // Refused when made (StaffAccounts), a user of no prison comes from one whose prisons were all taken away.
        var ofNone = await system.Web.CreateUserOfPrisonsAsync(["P4"], Roles.Staff);
        await system.Database.ExecuteAsync($"DELETE FROM staff_user_prison WHERE user_id = (SELECT id FROM staff_user WHERE user_name = '{ofNone}')");
        using var two = await system.Web.ClientSignedInAsAsync(ofTwo);
        using var none = await system.Web.ClientSignedInAsAsync(ofNone);

        var twoPage = await two.GetStringAsync("/");
        var nonePage = await none.GetStringAsync("/");

        Assert.Equal(["P2", "P7"], Rows(twoPage).Order());
        Assert.Equal(2, Regex.Matches(twoPage, "<section class=\"overview-chart\"").Count);
        Assert.DoesNotContain("Prison 3", twoPage, StringComparison.Ordinal);
        Assert.Empty(Rows(nonePage));
        Assert.DoesNotContain("overview-chart", nonePage, StringComparison.Ordinal);
        Assert.Contains("You are not given any prison to work in yet.", nonePage, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_overview_sends_as_many_statements_for_twenty_prisons_as_for_one()
    {
        var ofOne = await system.Web.CreateUserOfPrisonsAsync(["P5"], Roles.Staff);
        using var one = await system.Web.ClientSignedInAsAsync(ofOne);
        using var all = await system.Web.SignedInClientAsync(Roles.Staff);
        // The prisons are read once a minute at most: the first pages read them, the counted ones do not.
        (await one.GetAsync("/")).EnsureSuccessStatusCode();
        (await all.GetAsync("/")).EnsureSuccessStatusCode();

        var forOne = await StatementsAsync(one);
        var forTwenty = await StatementsAsync(all);

        Assert.True(forOne.Count == forTwenty.Count, $"one prison:\n{string.Join("\n----\n", forOne)}\n\ntwenty:\n{string.Join("\n----\n", forTwenty)}");
        Assert.Single(forTwenty, s => s.Contains("prison_dangerous_day", StringComparison.Ordinal));
        Assert.Single(forTwenty, s => s.Contains("prison_status_count", StringComparison.Ordinal));
    }

    private async Task<List<string>> StatementsAsync(HttpClient client)
    {
        // Other tests of the class may run at once: only this request's statements are wanted, so the class runs its
        // tests one after another (xunit's default within a class).
        system.Counter.Reset();
        (await client.GetAsync("/")).EnsureSuccessStatusCode();
        return [.. system.Counter.Statements.Where(s => !s.Contains("staff_session", StringComparison.Ordinal))];
    }

    private static List<string> Rows(string page) =>
        [.. Regex.Matches(page, "<tr data-prison=\"([^\"]+)\"").Select(m => m.Groups[1].Value)];

    private static string Row(string page, string code) =>
        Regex.Match(page, $"<tr data-prison=\"{code}\">.*?</tr>", RegexOptions.Singleline).Value;

    private static string Cell(string row, string role) =>
        WebUtility.HtmlDecode(Regex.Replace(Regex.Match(row, $"<td data-role=\"{role}\">(.*?)</td>", RegexOptions.Singleline).Groups[1].Value, "<[^>]*>", "")).Trim();
}
