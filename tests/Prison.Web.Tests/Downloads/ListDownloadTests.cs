using System.Net;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Identity;
using Prison.Domain.Evaluation;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Downloads;

/// <summary>
/// The lists as CSV files over HTTP, on the fixture's seed (at P1 three Dangerous prisoners, all first verdicts reached
/// a moment ago): what the page lists, within the same reach, in the page's words, times in the prison's zone.
/// </summary>
public sealed class ListDownloadTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    private TimeZoneInfo Zone => system.Web.Services.GetRequiredService<PrisonCalendar>().TimeZone;

    [Fact]
    public async Task Dangerous_only_downloads_as_a_UTF8_CSV_file_of_every_dangerous_prisoner_in_the_pages_words_and_order()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/prisoners?status=Dangerous");
        using var response = await system.Client.GetAsync($"/prisons/{FirstPrison}/prisoners?status=Dangerous&handler=csv");

        Assert.Contains($"href=\"/prisons/{FirstPrison}/prisoners?status=Dangerous&amp;handler=csv\"", html);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("text/csv", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("utf-8", response.Content.Headers.ContentType?.CharSet);
        Assert.Equal("attachment", response.Content.Headers.ContentDisposition?.DispositionType);
        Assert.Equal("P1-dangerous-prisoners.csv", response.Content.Headers.ContentDisposition?.FileName);
        var file = CsvFile.Read(await response.Content.ReadAsByteArrayAsync());
        Assert.Equal(["Arrived", "Number", "Name", "Legal status", "Danger", "Why"], file.Headings);
        Assert.Equal(DangerousAtFirstPrison, file.Column("Number"));
        var remand = file.RowWhere("Number", RemandNumber);
        Assert.Equal((system.Today.AddDays(-5).ToString("yyyy-MM-dd"), $"Prisoner {RemandNumber}", "Remand", "Dangerous", "Not convicted (remand or awaiting trial)"),
            (remand["Arrived"], remand["Name"], remand["Legal status"], remand["Danger"], remand["Why"]));
    }

    [Fact]
    public async Task Every_current_prisoner_downloads_in_the_lists_order_beyond_its_first_page()
    {
        var file = CsvFile.Read(await system.Client.GetByteArrayAsync($"/prisons/{FirstPrison}/prisoners?handler=csv"));

        Assert.Equal(ArrivalsNewestFirst, file.Column("Number").Where(ArrivalsNewestFirst.Contains));
        Assert.Equal("Unknown", file.RowWhere("Number", UnevaluatedNumber)["Danger"]);
    }

    [Fact]
    public async Task A_download_is_audited_as_a_bulk_read_with_who_which_list_and_how_many_rows()
    {
        (await system.Client.GetAsync($"/prisons/{FirstPrison}/prisoners?status=dangerous&handler=csv")).EnsureSuccessStatusCode();

        var entries = await system.Database.RowsAsync("SELECT user_name, summary FROM audit_entry WHERE action = 'ListDownloaded'");
        Assert.Contains([StaffName, "Downloaded the Dangerous prisoners at P1 as a CSV file: 3 rows"], entries);
    }

    [Fact]
    public async Task A_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text_behind_a_quote()
    {
        const string formula = "=HYPERLINK(\"http://evil.example/\",\"Open\")";
        await using (var db = system.Database.Open(system.Clock))
        {
            var prisoner = Records.Harmless("A190", 1, system.Today.AddDays(-40));
            prisoner.CorrectPersonalDetails(formula, null);
            db.Prisoners.Add(prisoner);
            await db.SaveRecordChangesAsync();
        }

        var bytes = await system.Client.GetByteArrayAsync($"/prisons/{FirstPrison}/prisoners?status=Unknown&handler=csv");
        var found = CsvFile.Read(await system.Client.GetByteArrayAsync("/search?q=hyperlink&handler=csv"));

        Assert.Contains("\"'=HYPERLINK(\"\"http://evil.example/\"\",\"\"Open\"\")\"", System.Text.Encoding.UTF8.GetString(bytes));
        Assert.Equal("'" + formula, CsvFile.Read(bytes).RowWhere("Number", "A190")["Name"]);
        Assert.Equal(["'" + formula], found.Column("Name"));
    }

    /// <summary>
    /// Read as a spreadsheet set for semicolons reads it at worst: every ';' starts a cell, whatever the quotes (after a
    /// closing quote the rest of a cell is taken as it stands). No piece may start as a formula, after spaces and quotes.
    /// </summary>
    [Fact]
    public async Task A_name_with_a_semicolon_and_a_formula_after_it_never_becomes_a_formula_in_a_spreadsheet_that_splits_on_semicolons()
    {
        await using (var db = system.Database.Open(system.Clock))
        {
            var prisoner = Records.Harmless("A191", 1, system.Today.AddDays(-41));
            prisoner.CorrectPersonalDetails("Doe;=1+2; -3;\"@SUM(A1)", null);
            db.Prisoners.Add(prisoner);
            await db.SaveRecordChangesAsync();
        }

        var text = System.Text.Encoding.UTF8.GetString(await system.Client.GetByteArrayAsync($"/prisons/{FirstPrison}/prisoners?handler=csv"));

        var cells = text.TrimStart('\uFEFF').Split("\r\n", StringSplitOptions.RemoveEmptyEntries).SelectMany(line => line.Split(';')).ToList();
        Assert.Contains(cells, cell => cell.Contains("'=1+2", StringComparison.Ordinal));
        Assert.All(cells, cell => Assert.False(
            cell.TrimStart(' ', '"') is [var first, ..] && "=+-@\t\r".Contains(first, StringComparison.Ordinal),
            $"'{cell}' starts as a formula"));
        Assert.All(text.TrimStart('\uFEFF').Split("\r\n", StringSplitOptions.RemoveEmptyEntries), line => Assert.StartsWith("\"", line));
        Assert.Equal("Doe;'=1+2;' -3;'\"@SUM(A1)", CsvFile.Read(System.Text.Encoding.UTF8.GetBytes(text)).RowWhere("Number", "A191")["Name"]);
    }

    /// <summary>
    /// The finding of issue 39: downloads had no bound, each holding a database connection while it streams. The read of
    /// every download is held back by a lock on the prisoners, so that they stay open: two a user, eight in all, stream
    /// at once; one more is answered 429 in words, and writes no entry.
    /// </summary>
    [Fact]
    public async Task At_most_two_downloads_a_user_and_eight_in_all_stream_at_once_and_one_more_is_answered_429_in_words()
    {
        var path = $"/prisons/{FirstPrison}/prisoners?handler=csv";
        var names = new List<string>();
        var clients = new List<HttpClient>();
        for (var i = 0; i < 5; i++)
        {
            names.Add(await system.Web.CreateUserAsync(Roles.Staff));
            clients.Add(await system.Web.ClientSignedInAsAsync(names[^1]));
        }

        var began = $"SELECT count(*) FROM audit_entry WHERE action = 'ListDownloaded' AND summary LIKE 'Began downloading %' AND user_name IN ({string.Join(", ", names.Select(n => $"'{n}'"))})";
        var streaming = new List<Task<HttpResponseMessage>>();
        await using (var locker = new Npgsql.NpgsqlConnection(system.Database.ConnectionString))
        {
            await locker.OpenAsync();
            await using var transaction = await locker.BeginTransactionAsync();
            await using (var command = new Npgsql.NpgsqlCommand("LOCK TABLE prisoner IN ACCESS EXCLUSIVE MODE", locker, transaction))
            {
                await command.ExecuteNonQueryAsync();
            }

            foreach (var client in clients.Take(4))
            {
                streaming.Add(client.GetAsync(path));
                streaming.Add(client.GetAsync(path));
            }

            await Eventually.Async(() => system.Database.ScalarAsync<long>(began), count => count == 8, "eight downloads to begin", TimeSpan.FromSeconds(30));
            using var refusedToUser = await GetWithinAsync(clients[0], path);
            using var refusedInAll = await GetWithinAsync(clients[4], path);

            Assert.Equal(HttpStatusCode.TooManyRequests, refusedToUser.StatusCode);
            Assert.Equal(HttpStatusCode.TooManyRequests, refusedInAll.StatusCode);
            Assert.Equal(
                "Too many downloads at once: at most 2 for each user and 8 in all. Wait for a download to end, then try again.",
                await refusedToUser.Content.ReadAsStringAsync());
            Assert.All(streaming, download => Assert.False(download.IsCompleted));
            await transaction.RollbackAsync();
        }

        foreach (var download in streaming)
        {
            using var answer = await download;
            Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
            Assert.Superset(DangerousAtFirstPrison.ToHashSet(), CsvFile.Read(await answer.Content.ReadAsByteArrayAsync()).Column("Number").ToHashSet());
        }

        using var afterwards = await clients[4].GetAsync(path);
        Assert.Equal(HttpStatusCode.OK, afterwards.StatusCode);
        Assert.Equal(9L, await system.Database.ScalarAsync<long>(began));
        clients.ForEach(c => c.Dispose());
    }

    private static async Task<HttpResponseMessage> GetWithinAsync(HttpClient client, string path)
    {
        using var tenSeconds = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        return await client.GetAsync(path, tenSeconds.Token);
    }

    [Fact]
    public async Task Since_last_shift_downloads_every_change_of_the_span_with_its_times_in_the_prisons_zone_named_in_the_heading()
    {
        var html = await system.Client.GetStringAsync($"/prisons/{FirstPrison}/since-last-shift");
        var link = System.Net.WebUtility.HtmlDecode(System.Text.RegularExpressions.Regex.Match(html, "<a href=\"([^\"]+)\" data-role=\"download\"").Groups[1].Value);
        using var response = await system.Client.GetAsync(link);

        Assert.Matches($"^/prisons/{FirstPrison}/since-last-shift\\?from=.+&to=.+&handler=csv$", link);
        Assert.Matches("^P1-since-last-shift-\\d{4}-\\d\\d-\\d\\dT\\d{4}-to-\\d{4}-\\d\\d-\\d\\dT\\d{4}\\.csv$", response.Content.Headers.ContentDisposition?.FileName);
        var file = CsvFile.Read(await response.Content.ReadAsByteArrayAsync());
        Assert.Equal(["Change", "When (New York time)", "First verdict", "Number", "Name", "Why", "What changed it", "Now"], file.Headings);
        Assert.Equal(DangerousAtFirstPrison.Order(), file.Column("Number").Order());
        var armed = file.RowWhere("Number", ArmedNumber);
        var local = TimeZoneInfo.ConvertTimeFromUtc(system.Clock.GetUtcNow().UtcDateTime, Zone);
        Assert.Equal(("Became Dangerous", local.ToString("yyyy-MM-dd HH:mm"), "Yes", "Dangerous"), (armed["Change"], armed["When (New York time)"], armed["First verdict"], armed["Now"]));
        Assert.Contains("Weapon found in the last 12 months", armed["Why"]);
        Assert.StartsWith("Record changed: added prisoner", armed["What changed it"]);
        var entries = await system.Database.RowsAsync("SELECT summary FROM audit_entry WHERE action = 'ListDownloaded'");
        Assert.Contains(entries, e => System.Text.RegularExpressions.Regex.IsMatch(e[0], "^Downloaded since last shift at P1 from .+ New York time to .+ New York time as a CSV file: 3 rows$"));
    }

    [Fact]
    public async Task Search_results_download_as_the_page_lists_them()
    {
        var html = await system.Client.GetStringAsync("/search?q=a10");
        var file = CsvFile.Read(await system.Client.GetByteArrayAsync("/search?q=a10&handler=csv"));

        Assert.Contains("href=\"/search?q=a10&amp;handler=csv\"", html);
        Assert.Equal(["Number", "Name", "Held", "Legal status", "Danger", "Why"], file.Headings);
        Assert.Equal(Html.ArrivalRows(html).Select(r => r.Cells[0]), file.Column("Number"));
        Assert.Equal($"Prison 1 since {system.Today.AddDays(-2):yyyy-MM-dd}", file.RowWhere("Number", "A102")["Held"]);
    }

    [Fact]
    public async Task A_user_of_one_prison_downloads_nothing_of_another()
    {
        var name = await system.Web.CreateUserOfPrisonsAsync([FirstPrison], Roles.Staff);
        using var client = await system.Web.ClientSignedInAsAsync(name);

        using var list = await client.GetAsync($"/prisons/{SecondPrison}/prisoners?handler=csv");
        using var shift = await client.GetAsync($"/prisons/{SecondPrison}/since-last-shift?handler=csv");
        var found = CsvFile.Read(await client.GetByteArrayAsync("/search?q=b20&handler=csv"));
        var everywhere = CsvFile.Read(await system.Client.GetByteArrayAsync("/search?q=b20&handler=csv"));

        Assert.Equal((HttpStatusCode.NotFound, HttpStatusCode.NotFound), (list.StatusCode, shift.StatusCode));
        Assert.DoesNotContain("B202", await list.Content.ReadAsStringAsync());
        Assert.Empty(found.Rows);
        Assert.Equal(["B201", "B202"], everywhere.Column("Number").Order());
    }

    [Theory]
    [InlineData("/prisons/P1/prisoners?status=Dangerous&handler=csv")]
    [InlineData("/prisons/P1/since-last-shift?handler=csv")]
    [InlineData("/search?q=a10&handler=csv")]
    public async Task An_operator_who_may_not_open_the_lists_gets_no_file_of_them(string path)
    {
        using var response = await system.OperatorClient.GetAsync(path);

        Assert.NotEqual(HttpStatusCode.OK, response.StatusCode);
        Assert.NotEqual("text/csv", response.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task A_status_that_does_not_exist_is_refused_with_400_and_says_why()
    {
        using var response = await system.Client.GetAsync($"/prisons/{FirstPrison}/prisoners?status=Harmless&handler=csv");

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains("There is no status 'Harmless'", await response.Content.ReadAsStringAsync());
    }
}
