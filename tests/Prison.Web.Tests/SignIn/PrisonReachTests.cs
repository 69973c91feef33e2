using System.Net;
using System.Text.RegularExpressions;
using Prison.Db.Identity;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.SignIn;

/// <summary>
/// A Staff user limited to prison P1, through the real HTTP server: everything of P2, and every prisoner not held at P1
/// now (held at P2, or released), is out of reach; out of reach answers 404 as something that does not exist would,
/// and the lists, the search and the audit log leave it out. P1 holds A101…A112 (A113 was released); P2 holds B201, B202.
/// </summary>
public sealed class PrisonReachTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    private const string Elsewhere = "B201";

    [Fact]
    public async Task The_start_page_and_the_prison_chooser_list_only_the_users_prisons()
    {
        using var client = await ClientOfFirstPrisonAsync(Roles.Staff);

        var start = await client.GetStringAsync("/");
        var dashboard = await client.GetStringAsync($"/prisons/{FirstPrison}");

        Assert.Equal([$"/prisons/{FirstPrison}"], PrisonLinks(start));
        Assert.Equal([$"/prisons/{FirstPrison}"], PrisonLinks(Regex.Match(dashboard, "<nav class=\"prison-chooser\".*?</nav>", RegexOptions.Singleline).Value));
    }

    [Theory]
    [InlineData("/prisons/{0}")]
    [InlineData("/prisons/{0}/prisoners")]
    [InlineData("/prisons/{0}/prisoners?status=Dangerous")]
    [InlineData("/prisons/{0}/since-last-shift")]
    [InlineData("/prisons/{0}/coming-up")]
    [InlineData("/prisons/{0}/coming-up?days=30")]
    [InlineData("/api/prisons/{0}/dashboard")]
    [InlineData("/api/prisons/{0}/dashboard?since=1.x")]
    public async Task Another_prisons_pages_and_dashboard_poll_answer_404_as_a_prison_that_does_not_exist_and_the_users_own_answer(string path)
    {
        using var client = await ClientOfFirstPrisonAsync(Roles.Staff);

        using var other = await client.GetAsync(string.Format(System.Globalization.CultureInfo.InvariantCulture, path, SecondPrison));
        using var none = await client.GetAsync(string.Format(System.Globalization.CultureInfo.InvariantCulture, path, "NOPE"));
        using var own = await client.GetAsync(string.Format(System.Globalization.CultureInfo.InvariantCulture, path, FirstPrison));

        Assert.Equal(HttpStatusCode.NotFound, other.StatusCode);
        Assert.Equal(none.StatusCode, other.StatusCode);
        // The user's own prison answers the page, or 400 for the stamp that is not one: the question is read.
        Assert.True(own.StatusCode is HttpStatusCode.OK or HttpStatusCode.BadRequest, $"{path} of the user's own prison answers {(int)own.StatusCode}");
    }

    [Fact]
    public async Task The_search_finds_only_prisoners_held_now_at_the_users_prisons()
    {
        using var client = await ClientOfFirstPrisonAsync(Roles.Staff);
        using var everywhere = await system.Web.SignedInClientAsync(Roles.Staff);

        var within = SearchHits(await client.GetStringAsync("/search?q=prisoner"));
        var all = SearchHits(await everywhere.GetStringAsync("/search?q=prisoner"));

        // Every seeded prisoner is named "Prisoner <number>"; another test of this class may move one to P2.
        Assert.Equal(await NumbersAsync("SELECT p.number FROM prisoner p JOIN imprisonment s ON s.prisoner_id = p.id AND s.left_on IS NULL AND s.struck_at IS NULL WHERE s.prison_id = 1"), within);
        Assert.Equal(await NumbersAsync("SELECT number FROM prisoner"), all);
        Assert.Contains(HarmlessNumber, within);
        Assert.Empty(SearchHits(await client.GetStringAsync($"/search?q={Elsewhere}")));
        Assert.Empty(SearchHits(await client.GetStringAsync($"/search?q={ReleasedNumber}")));
    }

    [Fact]
    public async Task A_prisoner_held_elsewhere_or_released_answers_404_on_their_page_their_forms_and_their_verdict_poll()
    {
        using var client = await ClientOfFirstPrisonAsync(Roles.Staff);

        foreach (var number in new[] { Elsewhere, ReleasedNumber })
        {
            using var page = await client.GetAsync($"/prisoners/{number}");
            using var form = await client.GetAsync(RecordPosting.FormPath(number, NoticePosting.Kind));
            using var poll = await client.GetAsync($"/api/prisoners/{system.Ids[number]}/verdict");
            Assert.Equal(HttpStatusCode.NotFound, page.StatusCode);
            Assert.Equal(HttpStatusCode.NotFound, form.StatusCode);
            Assert.Equal(HttpStatusCode.NotFound, poll.StatusCode);
        }

        using var own = await client.GetAsync($"/prisoners/{HarmlessNumber}");
        using var ownPoll = await client.GetAsync($"/api/prisoners/{system.Ids[HarmlessNumber]}/verdict");
        Assert.Equal(HttpStatusCode.OK, own.StatusCode);
        Assert.Equal(HttpStatusCode.OK, ownPoll.StatusCode);
    }

    [Fact]
    public async Task A_form_posted_for_a_prisoner_held_elsewhere_answers_404_and_saves_nothing()
    {
        using var client = await ClientOfFirstPrisonAsync(Roles.Staff);
        var (_, token) = await NoticePosting.OpenAsync(client, HarmlessNumber);
        var notices = await system.NoticeCountAsync(Elsewhere);
        var version = (await system.StoredAsync(Elsewhere))[2];

        using var posted = await NoticePosting.PostAsync(client, Elsewhere, token, "Weapon", system.Today.ToString("yyyy-MM-dd"), "found in a cell");

        Assert.Equal(HttpStatusCode.NotFound, posted.StatusCode);
        Assert.Equal(notices, await system.NoticeCountAsync(Elsewhere));
        Assert.Equal(version, (await system.StoredAsync(Elsewhere))[2]);
    }

    [Fact]
    public async Task A_transfer_out_to_another_prison_is_saved_and_leads_to_the_start_page_saying_the_prisoner_left_the_users_reach()
    {
        const string number = "A110";
        using var client = await ClientOfFirstPrisonAsync(Roles.Staff);
        var (form, token) = await RecordPosting.OpenAsync(client, number, "transfer");
        var offered = Regex.Matches(Regex.Match(form, "<select[^>]*name=\"Prison\".*?</select>", RegexOptions.Singleline).Value, "<option[^>]*value=\"(\\d+)\"").Select(m => m.Groups[1].Value);
        Assert.Contains("2", offered);

        using var posted = await RecordPosting.PostAsync(client, number, "transfer", token,
            [new("Prison", "2"), new("Date", system.Today.ToString("yyyy-MM-dd")), new("Disciplinary", "false")]);
        var start = await client.GetStringAsync(posted.Headers.Location);

        Assert.Equal("/", posted.Headers.Location?.OriginalString);
        Assert.Contains($"{number} is no longer held at a prison of yours, so their page is closed to you.", WebUtility.HtmlDecode(start));
        Assert.Equal(HttpStatusCode.NotFound, (await client.GetAsync($"/prisoners/{number}")).StatusCode);
        Assert.Equal(
            [["2"]],
            await system.Database.RowsAsync($"SELECT s.prison_id FROM imprisonment s JOIN prisoner p ON p.id = s.prisoner_id WHERE p.number = '{number}' AND s.left_on IS NULL"));
    }

    [Fact]
    public async Task An_admin_of_one_prison_reads_in_the_audit_log_only_entries_about_prisoners_held_there()
    {
        using var admin = await ClientOfFirstPrisonAsync(Roles.Admin);
        using var everywhere = await system.Web.SignedInClientAsync(Roles.Admin);

        var aboutElsewhere = await admin.GetStringAsync($"/admin/audit?prisoner={Elsewhere}");
        var aboutOwn = await admin.GetStringAsync($"/admin/audit?prisoner={HarmlessNumber}");
        var all = await admin.GetStringAsync("/admin/audit");

        Assert.NotEmpty(AuditPrisoners(await everywhere.GetStringAsync($"/admin/audit?prisoner={Elsewhere}")));
        Assert.Empty(AuditPrisoners(aboutElsewhere));
        Assert.Contains(HarmlessNumber, AuditPrisoners(aboutOwn));
        Assert.Contains($"<a href=\"/prisoners/{HarmlessNumber}\">", aboutOwn);
        Assert.All(AuditPrisoners(all), number => Assert.StartsWith("A", number));
        Assert.DoesNotContain(ReleasedNumber, AuditPrisoners(all));
    }

    /// <summary>
    /// The attack of issue 39: headquarters' and another prison's searches (with their terms), downloads, refusals (with
    /// their paths and query strings) and failed sign-ins name no prisoner, and were shown to an admin of P1.
    /// </summary>
    [Fact]
    public async Task An_admin_of_one_prison_reads_no_entry_about_no_prisoner_that_concerns_headquarters_or_another_prison()
    {
        var term = $"t{Guid.NewGuid():N}"[..12];
        using var headquarters = await system.Web.SignedInClientAsync(Roles.Staff);
        using var elsewhere = await ClientOfPrisonAsync(SecondPrison, Roles.Staff);
        using var own = await ClientOfFirstPrisonAsync(Roles.Staff);
        (await headquarters.GetAsync($"/search?q={term}-hq")).Dispose();
        (await headquarters.GetAsync($"/prisons/{SecondPrison}/prisoners?handler=csv")).Dispose();
        (await headquarters.GetAsync($"/operations?q={term}-refused")).Dispose();
        (await elsewhere.GetAsync($"/search?q={term}-p2")).Dispose();
        (await own.GetAsync($"/prisons/{SecondPrison}?q={term}-probe")).Dispose();
        (await own.GetAsync($"/search?q={term}-own")).Dispose();
        using (var typed = await system.Web.CreateClient().SignInAsync($"{term}-typed", "Wrong-Passw0rd!"))
        {
            Assert.Equal(HttpStatusCode.OK, typed.StatusCode);
        }

        using var admin = await ClientOfFirstPrisonAsync(Roles.Admin);
        using var everywhere = await system.Web.SignedInClientAsync(Roles.Admin);
        var kinds = new[] { "PrisonersSearched", "ListDownloaded", "Refused", "OutOfReach", "SignInFailed" };
        var seen = string.Concat(await Task.WhenAll(kinds.Select(kind => admin.GetStringAsync($"/admin/audit?kind={kind}"))));
        var seenByHeadquarters = string.Concat(await Task.WhenAll(kinds.Select(kind => everywhere.GetStringAsync($"/admin/audit?kind={kind}"))));

        Assert.Contains($"{term}-own", seen);
        Assert.DoesNotContain(term, seen.Replace($"{term}-own", string.Empty, StringComparison.Ordinal));
        Assert.All(new[] { "-hq", "-refused", "-p2", "-probe" }, what => Assert.Contains(term + what, seenByHeadquarters));
        Assert.Contains($"downloading the current prisoners at {SecondPrison}", seenByHeadquarters);
        Assert.DoesNotContain($"prisoners at {SecondPrison}", seen);
        Assert.DoesNotContain($"{term}-typed", seenByHeadquarters);
    }

    private async Task<List<string>> NumbersAsync(string sql) =>
        [.. (await system.Database.RowsAsync(sql)).Select(r => r[0]).Order(StringComparer.Ordinal)];

    private Task<HttpClient> ClientOfFirstPrisonAsync(string role) => ClientOfPrisonAsync(FirstPrison, role);

    private async Task<HttpClient> ClientOfPrisonAsync(string prison, string role)
    {
        var name = await system.Web.CreateUserOfPrisonsAsync([prison], role);
        return await system.Web.ClientSignedInAsAsync(name);
    }

    private static List<string> PrisonLinks(string html) =>
        [.. Regex.Matches(html, "href=\"(/prisons/[^\"/]+)\"").Select(m => m.Groups[1].Value).Distinct()];

    private static List<string> SearchHits(string html) =>
        [.. Regex.Matches(html, "<tr data-prisoner-id=\"[^\"]+\"[^>]*>\\s*<td><a href=\"/prisoners/([^\"]+)\"").Select(m => m.Groups[1].Value).Order(StringComparer.Ordinal)];

    private static List<string> AuditPrisoners(string html) =>
        [.. Regex.Matches(html, "<td data-role=\"prisoner\">(?:<a [^>]*>)?([^<]+)").Select(m => m.Groups[1].Value.Trim()).Where(n => n.Length > 0).Distinct()];
}
