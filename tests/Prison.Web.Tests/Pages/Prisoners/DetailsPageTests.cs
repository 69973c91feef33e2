using System.Net;
using System.Text.RegularExpressions;
using Prison.Web.Tests.Pages.Prisoners.Recording;

namespace Prison.Web.Tests.Pages.Prisoners;

/// <summary>What an officer reads on the prisoner page and the dashboard: words, not code names; prisons by name; times in the prison's zone.</summary>
public sealed class DetailsPageTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task Statuses_and_kinds_read_as_words_on_the_prisoner_page_and_the_dashboard()
    {
        const string number = "A103";
        await RecordAsync(number, "legal-status", "Status=AwaitingTrial");
        await RecordAsync(number, "request", "Type=TemporaryLeave|Date={today}|Decision=Pending");
        await RecordAsync(number, "escape", "EscapeKind=AttemptedEscape|Date=2019-05-01");

        var page = Text(await system.Client.GetStringAsync($"/prisoners/{number}"));
        var dashboard = Html.ArrivalRows(await system.Client.GetStringAsync($"/prisons/{ProductionFixture.FirstPrison}"));

        Assert.Contains("Awaiting trial", page);
        Assert.Contains("Temporary leave request of", page);
        Assert.Contains("Attempted escape on 2019-05-01", page);
        foreach (var codeName in new[] { "AwaitingTrial", "TemporaryLeave", "AttemptedEscape", "NewReception", "NotDangerous" })
        {
            Assert.DoesNotContain(codeName, page);
        }

        Assert.Equal("Awaiting trial", dashboard.Single(r => r.Number == number).Cells[3]);
    }

    [Fact]
    public async Task Prisons_are_named_in_the_stays_and_in_the_facts_a_rule_fired_on()
    {
        const string number = "A105";
        foreach (var year in new[] { 2010, 2012, 2014 })
        {
            await RecordAsync(number, "past-stay", $"Prison=2|Reason=NewReception|Arrival={year}-01-01|Left={year}-06-01");
        }

        var page = await Eventually.Async(
            () => system.Client.GetStringAsync($"/prisoners/{number}"),
            html => html.Contains("received into custody at", StringComparison.Ordinal),
            $"the worker's verdict on {number} with its three earlier stays",
            TimeSpan.FromSeconds(20));

        var text = Text(page);
        Assert.Contains("received into custody at Prison 2 on 2010-01-01", text);
        Assert.Contains("New reception at Prison 2 on 2012-01-01, left 2012-06-01", text);
        Assert.DoesNotMatch("\\bprison \\d", text);
    }

    [Fact]
    public async Task Every_time_on_the_prisoner_page_is_in_the_prison_s_zone_and_says_so()
    {
        var page = Text(await system.Client.GetStringAsync($"/prisoners/{ProductionFixture.ArmedNumber}"));

        var evaluated = Regex.Match(page, "Evaluated (\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d) (\\S+ \\S+ time|\\S+ time)");
        Assert.True(evaluated.Success, page);
        Assert.Equal("New York time", evaluated.Groups[2].Value);
        Assert.DoesNotContain("UTC", page);
    }

    private static string Text(string html) => Html.Text(Regex.Match(html, "<main\\b.*</main>", RegexOptions.Singleline).Value);

    private async Task RecordAsync(string number, string kind, string fields)
    {
        var (form, token) = await RecordPosting.OpenAsync(system.Client, number, kind);
        using var response = await RecordPosting.PostAsync(system.Client, number, kind, token, FormRow.Fields(fields, system.Today, form));
        Assert.True(response.StatusCode == HttpStatusCode.Redirect, $"{kind} was not saved: {Html.Text(await response.Content.ReadAsStringAsync())}");
    }
}
