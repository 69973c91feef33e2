using System.Net;
using System.Text.RegularExpressions;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Domain.Evaluation;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Pages.Prisons.SinceLastShift;

/// <summary>"Since last shift" over HTTP, on the fixture's seed: every first verdict was reached a moment ago, at P1 three of them Dangerous.</summary>
public sealed class SinceLastShiftTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    private TimeZoneInfo Zone => system.Web.Services.GetRequiredService<PrisonCalendar>().TimeZone;

    [Fact]
    public async Task By_default_the_page_lists_the_last_twelve_hours_prisoners_who_became_Dangerous_with_their_reasons_and_cause()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/since-last-shift");

        var became = Rows(html, "became");
        Assert.Equal(DangerousAtFirstPrison.Order(), became.Select(r => r.Number).Order());
        var armed = became.Single(r => r.Number == ArmedNumber);
        Assert.Equal("RecordedEntry", armed.Cause);
        Assert.Contains("first verdict", armed.Cells[0]);
        Assert.Equal($"Prisoner {ArmedNumber}", armed.Cells[2]);
        Assert.Contains("Weapon found in the last 12 months", armed.Cells[3]);
        Assert.StartsWith("Record changed: added prisoner", armed.Cells[4]);
        Assert.Equal("Dangerous", armed.Cells[5]);
        Assert.Equal("Not convicted (remand or awaiting trial)", became.Single(r => r.Number == RemandNumber).Cells[3]);
        Assert.Empty(Rows(html, "no-longer"));
        Assert.Equal("Nobody here stopped being Dangerous in this span.", Html.TextOf(html, "p", "data-role=\"empty\""));

        // The span read is shown back in the form, in the prison's time: the twelve hours up to the minute after now.
        var now = TimeZoneInfo.ConvertTimeFromUtc(system.Clock.GetUtcNow().UtcDateTime, Zone);
        var end = new DateTime(now.Ticks / TimeSpan.TicksPerMinute * TimeSpan.TicksPerMinute).AddMinutes(now.Ticks % TimeSpan.TicksPerMinute == 0 ? 0 : 1);
        Assert.Equal(end.ToString("yyyy-MM-dd'T'HH:mm"), Html.InputValue(html, "to"));
        Assert.Equal(end.AddHours(-12).ToString("yyyy-MM-dd'T'HH:mm"), Html.InputValue(html, "from"));
        Assert.Contains("From (New York time)", html);
    }

    [Fact]
    public async Task A_span_before_anything_happened_lists_nobody_and_another_prison_only_its_own()
    {
        var local = TimeZoneInfo.ConvertTimeFromUtc(system.Clock.GetUtcNow().UtcDateTime, Zone);
        var before = await system.Client.GetStringAsync(
            $"/prisons/{FirstPrison}/since-last-shift?from={local.AddDays(-2):yyyy-MM-dd'T'HH:mm}&to={local.AddDays(-1):yyyy-MM-dd'T'HH:mm}");
        var elsewhere = await system.Client.GetStringAsync($"/prisons/{SecondPrison}/since-last-shift");

        Assert.Empty(Rows(before, "became"));
        Assert.Equal("Nobody here became Dangerous in this span.", Html.TextOf(before, "p", "data-role=\"empty\""));
        Assert.Equal(["B202"], Rows(elsewhere, "became").Select(r => r.Number));
    }

    [Theory]
    [InlineData("from=yesterday", "from-error", "Enter the start as YYYY-MM-DD HH:MM, in the prison's time (America/New_York).")]
    [InlineData("from=2026-11-20T10:00&to=2026-11-20T09:00", "to-error", "The end must come after the start.")]
    [InlineData("to=2026-03-08T02:30", "to-error", "2026-03-08 02:30 does not exist in America/New_York: the clocks went forward past it. Enter another time.")]
    public async Task A_span_that_cannot_be_read_is_refused_with_a_message_beside_its_field_and_reads_nothing(string query, string errorId, string message)
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/since-last-shift?{query}");

        Assert.Equal(message, Html.TextById(html, errorId));
        Assert.DoesNotContain("data-group=", html);
        if (query.StartsWith("from=yesterday", StringComparison.Ordinal))
        {
            Assert.Equal("yesterday", Html.InputValue(html, "from"));
        }
    }

    [Fact]
    public async Task A_span_longer_than_the_longest_is_refused_beside_the_start_keeping_what_was_typed_and_reads_nothing()
    {
        var audited = await system.Database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE action = 'ShiftChangesViewed'");

        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/since-last-shift?from=2000-01-01T00:00&to=2000-01-15T00:01");
        using var download = await system.Client.GetAsync($"/prisons/{FirstPrison}/since-last-shift?from=2000-01-01T00:00&handler=csv");
        var week = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/since-last-shift?from=2000-01-01T00:00&to=2000-01-15T00:00");

        Assert.Equal("A span is at most 14 days: choose a later start or an earlier end.", Html.TextById(html, "from-error"));
        Assert.Equal(("2000-01-01T00:00", "2000-01-15T00:01"), (Html.InputValue(html, "from"), Html.InputValue(html, "to")));
        Assert.DoesNotContain("data-group=", html);
        Assert.NotEqual("text/csv", download.Content.Headers.ContentType?.MediaType);
        Assert.Contains("data-group=", week);
        Assert.Equal(audited + 1, await system.Database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE action = 'ShiftChangesViewed'"));
    }

    /// <summary>
    /// The attack of issue 39: a prisoner whose verdict changed at P1, since transferred to P2, was listed to a user of P1
    /// with today's name and status, though their page answers 404, in the page and in its download.
    /// </summary>
    [Fact]
    public async Task A_prisoner_since_transferred_beyond_the_users_prisons_is_shown_without_number_name_or_status_now()
    {
        const string number = "A196";
        await using (var db = system.Database.Open(system.Clock))
        {
            db.Prisoners.Add(Records.Harmless(number, 2, system.Today.AddDays(-3)));
            await db.SaveRecordChangesAsync();
        }

        // The class's other tests read P1's seed as it was, in whatever order they run: this prisoner and its change go
        // with the test.
        try
        {
            var at = system.Clock.GetUtcNow().UtcDateTime.AddHours(-1);
            await system.Database.ExecuteAsync($"""
                INSERT INTO verdict_change (prisoner_id, prison_id, at, from_status, to_status, reasons, came, went, cause, change_version)
                SELECT id, 1, timestamptz '{at:yyyy-MM-dd HH:mm:ss}+00', 'NotDangerous', 'Dangerous', 'NotConvicted', 'NotConvicted', '', 'RecordedEntry', 1
                FROM prisoner WHERE number = '{number}'
                """);
            var name = await system.Web.CreateUserOfPrisonsAsync([FirstPrison], Prison.Db.Identity.Roles.Staff);
            using var limited = await system.Web.ClientSignedInAsAsync(name);

            var html = await limited.GetStringAsync($"/prisons/{FirstPrison}/since-last-shift");
            var file = CsvFile.Read(await limited.GetByteArrayAsync($"/prisons/{FirstPrison}/since-last-shift?handler=csv"));
            var everywhere = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/since-last-shift");

            Assert.Contains(number, Rows(everywhere, "became").Select(r => r.Number));
            Assert.DoesNotContain(number, html);
            Assert.Equal("A prisoner since moved beyond your prisons", Html.TextOf(html, "td", "data-role=\"beyond-reach\""));
            Assert.DoesNotContain(number, file.Column("Number"));
            var moved = file.RowWhere("Name", "A prisoner since moved beyond your prisons");
            Assert.Equal((string.Empty, string.Empty, "Became Dangerous"), (moved["Number"], moved["Now"], moved["Change"]));
            Assert.Equal(HttpStatusCode.NotFound, (await limited.GetAsync($"/prisoners/{number}")).StatusCode);
        }
        finally
        {
            await system.Database.ExecuteAsync($"DELETE FROM prisoner WHERE number = '{number}'");
        }
    }

    [Fact]
    public async Task A_damaged_page_link_is_refused_and_reads_nothing()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/since-last-shift?became=12.x");

        Assert.Equal("There is a problem This page's link is damaged: open the first page of the span again.", Html.TextOf(html, "div", "data-role=\"error-summary\""));
        Assert.DoesNotContain("data-group=", html);
    }

    [Fact]
    public async Task An_unknown_prison_answers_404()
    {
        using var response = await system.Client.GetAsync("/prisons/NOPE/since-last-shift");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    [Fact]
    public async Task The_dashboard_links_to_its_prisons_page()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}");

        Assert.Equal("Since last shift: who became Dangerous, who no longer is, and why", Html.TextOf(html, "a", $"href=\"/prisons/{FirstPrison}/since-last-shift\""));
    }

    [Fact]
    public async Task The_prisoner_page_shows_the_history_of_the_danger_status_with_the_rules_that_came_and_the_cause()
    {
        var html = await system.Client.GetStringAsync($"/prisoners/{ArmedNumber}");

        var rows = Regex.Matches(html, "<tr data-role=\"verdict-change\" data-cause=\"([^\"]+)\">(.*?)</tr>", RegexOptions.Singleline);
        var row = Assert.Single(rows);
        var cells = Regex.Matches(row.Groups[2].Value, "<td[^>]*>(.*?)</td>", RegexOptions.Singleline).Select(c => Html.Text(c.Groups[1].Value)).ToList();
        Assert.Equal("RecordedEntry", row.Groups[1].Value);
        Assert.Equal("No verdict → Dangerous", cells[1]);
        Assert.Contains("Weapon found in the last 12 months", cells[2]);
        Assert.Equal("none", cells[3]);
        Assert.StartsWith("Record changed: added prisoner", cells[4]);
        Assert.Equal("Prison 1", cells[5]);
        Assert.Matches(@"^\d{4}-\d\d-\d\d \d\d:\d\d New York time$", cells[0]);
        Assert.Contains("History of the danger status", html);
    }

    private static IReadOnlyList<(string Number, string Cause, IReadOnlyList<string> Cells)> Rows(string html, string group)
    {
        var section = Regex.Match(html, $"<section class=\"shift-group\"[^>]*data-group=\"{group}\">(.*?)</section>", RegexOptions.Singleline);
        Assert.True(section.Success, $"no {group} group on the page");
        return [.. Regex.Matches(section.Groups[1].Value, "<tr data-prisoner-number=\"([^\"]+)\" data-cause=\"([^\"]+)\">(.*?)</tr>", RegexOptions.Singleline)
            .Select(row => (row.Groups[1].Value, row.Groups[2].Value,
                (IReadOnlyList<string>)[.. Regex.Matches(row.Groups[3].Value, "<td[^>]*>(.*?)</td>", RegexOptions.Singleline).Select(cell => Html.Text(cell.Groups[1].Value))]))];
    }
}
