using System.Net;
using Prison.Db.Audit;

namespace Prison.Web.Tests.Pages.Admin.Audit;

/// <summary>The admin's audit page. Entries are written straight to the log, each test under user names of its own.</summary>
public sealed class AuditPageTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task A_user_filter_pages_fifty_at_a_time_newest_first_keeping_the_filter_in_the_links()
    {
        await LogViewsAsync("pager", new DateTimeOffset(2025, 1, 1, 12, 0, 0, TimeSpan.Zero), count: 60, number: i => $"P{i}");
        await LogViewsAsync("someone else", new DateTimeOffset(2025, 1, 1, 12, 30, 0, TimeSpan.Zero), count: 5, number: _ => "P1");
        using var admin = await AuditClients.AdminAsync(system);

        var first = await admin.GetStringAsync("/admin/audit?user=pager");
        var firstRows = AuditRow.In(first);
        var next = AuditRow.Link(first, "next")!;
        var second = await admin.GetStringAsync(next);
        var secondRows = AuditRow.In(second);

        Assert.Equal(50, firstRows.Count);
        Assert.All(firstRows.Concat(secondRows), r => Assert.Equal("pager", r.User));
        Assert.Equal([.. Enumerable.Range(1, 60).Reverse().Select(i => $"P{i}")], firstRows.Concat(secondRows).Select(r => r.Prisoner));
        Assert.Null(AuditRow.Link(first, "prev"));
        Assert.Equal("/admin/audit?user=pager&p=2", next);
        Assert.Equal(10, secondRows.Count);
        Assert.Null(AuditRow.Link(second, "next"));
        Assert.Equal("/admin/audit?user=pager&p=1", AuditRow.Link(second, "prev"));
        Assert.Equal("pager", Html.InputValue(second, "user"));
    }

    [Fact]
    public async Task A_prisoner_filter_shows_only_that_prisoner()
    {
        await LogViewsAsync("by prisoner", new DateTimeOffset(2025, 2, 1, 12, 0, 0, TimeSpan.Zero), count: 6, number: i => i % 2 == 0 ? "Q2" : "Q1");
        using var admin = await AuditClients.AdminAsync(system);

        var rows = AuditRow.In(await admin.GetStringAsync("/admin/audit?prisoner=Q2"));

        Assert.Equal(["Q2", "Q2", "Q2"], rows.Select(r => r.Prisoner));
        Assert.All(rows, r => Assert.Equal(("by prisoner", "Prisoner viewed", "Viewed the prisoner page"), (r.User, r.Action, r.Summary)));
    }

    /// <summary>The prison keeps New York time: on 10 March 2020 (daylight time) its day runs from 04:00 to 04:00 UTC.</summary>
    [Fact]
    public async Task A_date_range_is_read_in_the_prison_calendar()
    {
        var user = "by date";
        foreach (var (instant, number) in new[] { ("2020-03-10T03:30:00Z", "D1"), ("2020-03-10T04:30:00Z", "D2"), ("2020-03-11T03:30:00Z", "D3"), ("2020-03-11T04:30:00Z", "D4") })
        {
            await LogViewsAsync(user, DateTimeOffset.Parse(instant, System.Globalization.CultureInfo.InvariantCulture), count: 1, number: _ => number);
        }

        using var admin = await AuditClients.AdminAsync(system);

        var html = await admin.GetStringAsync("/admin/audit?user=by+date&from=2020-03-10&to=2020-03-10");

        var rows = AuditRow.In(html);
        Assert.Equal(["D3", "D2"], rows.Select(r => r.Prisoner));
        Assert.Equal(["2020-03-10 23:30:00 New York time", "2020-03-10 00:30:00 New York time"], rows.Select(r => r.When));
    }

    [Theory]
    [InlineData("from=2020-13-01", "from-error", "Enter the first day as YYYY-MM-DD.")]
    [InlineData("to=yesterday", "to-error", "Enter the last day as YYYY-MM-DD.")]
    [InlineData("from=2020-03-10&to=2020-03-09", "to-error", "The last day cannot be before the first day.")]
    [InlineData("prisoner=A-1%27%3B", "prisoner-error", "Enter a prisoner number: letters and digits only, at most 32.")]
    [InlineData("p=0", "page-error", "The page is a whole number from 1 to 1,000,000.")]
    [InlineData("p=two", "page-error", "The page is a whole number from 1 to 1,000,000.")]
    [InlineData("p=99999999999", "page-error", "The page is a whole number from 1 to 1,000,000.")]
    public async Task A_bad_filter_is_refused_with_its_message_next_to_it_and_in_the_error_summary_keeping_what_was_typed(string query, string errorId, string message)
    {
        using var admin = await AuditClients.AdminAsync(system);

        using var response = await admin.GetAsync($"/admin/audit?{query}");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var html = await response.Content.ReadAsStringAsync();
        foreach (var id in new[] { "user-error", "prisoner-error", "kind-error", "from-error", "to-error", "page-error" })
        {
            Assert.Equal(id == errorId ? message : string.Empty, Html.TextById(html, id));
        }

        Assert.Equal($"There is a problem {message}", Html.TextOf(html, "div", "data-role=\"error-summary\""));
        Assert.Empty(AuditRow.In(html));
        foreach (var pair in query.Split('&').Select(p => p.Split('=')).Where(p => p[0] != "p"))
        {
            Assert.Equal(Uri.UnescapeDataString(pair[1]), Html.InputValue(html, pair[0]));
        }
    }

    [Theory]
    [InlineData("Nonsense")]
    [InlineData("3")]
    [InlineData("-1")]
    public async Task A_kind_that_is_not_one_is_refused_with_its_message_and_no_entries(string kind)
    {
        using var admin = await AuditClients.AdminAsync(system);

        var html = await admin.GetStringAsync($"/admin/audit?kind={kind}");

        Assert.Equal("Choose a kind of entry from the list.", Html.TextById(html, "kind-error"));
        Assert.Empty(AuditRow.In(html));
    }

    [Fact]
    public async Task A_kind_filter_shows_only_entries_of_that_kind_keeps_it_chosen_and_in_the_links()
    {
        await LogViewsAsync("by kind", new DateTimeOffset(2025, 3, 1, 12, 0, 0, TimeSpan.Zero), count: 51, number: i => $"K{i}");
        await using (var db = system.Database.OpenAs("by kind"))
        {
            db.AuditEntries.Add(AuditEntry.Searched("K1", 1));
            await db.SaveChangesAsync();
        }

        using var admin = await AuditClients.AdminAsync(system);

        var searches = await admin.GetStringAsync("/admin/audit?user=by+kind&kind=PrisonersSearched");
        var views = await admin.GetStringAsync("/admin/audit?user=by+kind&kind=PrisonerViewed");

        Assert.Equal([("Prisoners searched", "Searched for \"K1\": 1 prisoner listed")], AuditRow.In(searches).Select(r => (r.Action, r.Summary)));
        Assert.Equal(50, AuditRow.In(views).Count);
        Assert.All(AuditRow.In(views), r => Assert.Equal("Prisoner viewed", r.Action));
        Assert.Equal(["PrisonerViewed"], Html.SelectedOptions(views, "kind"));
        Assert.Equal("/admin/audit?user=by%20kind&kind=PrisonerViewed&p=2", AuditRow.Link(views, "next"));
    }

    [Fact]
    public async Task A_filter_matching_nothing_says_so()
    {
        using var admin = await AuditClients.AdminAsync(system);

        var html = await admin.GetStringAsync("/admin/audit?user=nobody+at+all");

        Assert.Equal("No entries match.", Html.TextOf(html, "p", "data-role=\"empty\""));
    }

    /// <summary>Page views by <paramref name="user"/>, a minute apart from <paramref name="start"/> on, the i-th (from 1) about prisoner number(i).</summary>
    private async Task LogViewsAsync(string user, DateTimeOffset start, int count, Func<int, string> number)
    {
        var clock = new MovableClock(start);
        await using var db = system.Database.OpenAs(user, clock);
        for (var i = 1; i <= count; i++)
        {
            clock.Set(start.AddMinutes(i - 1));
            db.AuditEntries.Add(AuditEntry.PrisonerViewed(Guid.CreateVersion7(), number(i)));
            await db.SaveChangesAsync();
        }
    }
}
