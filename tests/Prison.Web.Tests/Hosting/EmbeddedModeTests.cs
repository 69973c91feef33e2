using System.Globalization;
using System.Text.RegularExpressions;
using Hangfire;
using Hangfire.InMemory;
using Hangfire.Storage;
using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Identity;
using Prison.Domain.Evaluation;
using Prison.Web.Demo;
using Prison.Runtime.Jobs;

namespace Prison.Web.Tests.Hosting;

/// <summary>The product with nothing configured: one process, a SQLite file in its data folder, the worker inside web.</summary>
public sealed class EmbeddedModeTests : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), $"prison-embedded-{Guid.NewGuid():N}");

    [Fact]
    public async Task A_first_start_migrates_a_new_database_loads_the_demo_and_has_every_prisoner_evaluated()
    {
        await using var web = await StartAsync();

        await using (var scope = web.Services.CreateAsyncScope())
        {
            var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
            Assert.False(db.IsPostgreSql);
            Assert.NotEmpty(await db.Database.GetAppliedMigrationsAsync());
            Assert.Empty(await db.Database.GetPendingMigrationsAsync());
        }

        Assert.True(File.Exists(Path.Combine(_folder, "prison.db")));
        Assert.Equal(3, await ScalarAsync("SELECT count(*) FROM prison"));
        Assert.Equal(300, await ScalarAsync("SELECT count(*) FROM imprisonment WHERE left_on IS NULL"));
        await EveryoneEvaluatedAsync();

        using var client = await web.SignedInClientAsync(Roles.Staff, Roles.Operator);
        var home = await client.GetStringAsync("/");
        Assert.Equal("Robert N. Davoren Center", Html.TextOf(home, "a", "href=\"/prisons/RNDC\""));
        Assert.Equal("George R. Vierno Center", Html.TextOf(home, "a", "href=\"/prisons/GRVC\""));
        Assert.Equal("Anna M. Kross Center", Html.TextOf(home, "a", "href=\"/prisons/AMKC\""));

        var dashboard = await client.GetStringAsync("/prisons/RNDC");
        var rows = Html.ArrivalRows(dashboard);
        Assert.Equal(10, rows.Count);
        Assert.Contains(rows, r => r.Badge == "Dangerous");
        Assert.Contains(rows, r => r.Badge == "Not dangerous");
        Assert.DoesNotContain(rows, r => r.Badge == "Unknown");
        Assert.Equal(100, new[] { "count-dangerous", "count-safe", "count-unknown" }.Sum(id => int.Parse(Html.TextById(dashboard, id)!, System.Globalization.CultureInfo.InvariantCulture)));

        // The bus keeps no error queue here.
        var operations = await client.GetStringAsync("/operations");
        Assert.Contains("none in the embedded mode (in-memory bus)", operations);
    }

    [Fact]
    public async Task An_open_dashboard_learns_of_a_notice_through_its_poll_and_the_search_finds_a_demo_prisoner_by_name()
    {
        await EmbeddedDataFolder.HoldingTheDemoAsync(_folder);
        await using var web = await StartAsync();
        await EveryoneEvaluatedAsync();
        using var client = await web.SignedInClientAsync(Roles.Staff);
        var page = await client.GetStringAsync("/prisons/RNDC");
        var stamp = Html.FirstAttribute(page, "data-stamp")!;
        var row = Html.ArrivalRows(page).First(r => r.Badge == "Not dangerous");
        using (var unchanged = await client.GetAsync($"/api/prisons/RNDC/dashboard?since={Uri.EscapeDataString(stamp)}"))
        {
            Assert.Equal(System.Net.HttpStatusCode.NotModified, unchanged.StatusCode);
        }

        var (_, token) = await NoticePosting.OpenAsync(client, row.Number);
        (await NoticePosting.PostAsync(client, row.Number, token, "Weapon", web.Services.GetRequiredService<PrisonCalendar>().Today(DateTime.UtcNow).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture), "a blade")).Dispose();

        // 304 until the verdict is stored and the stamp web reuses for a moment has been read again.
        var answer = await Eventually.Async(
            async () =>
            {
                using var response = await client.GetAsync($"/api/prisons/RNDC/dashboard?since={Uri.EscapeDataString(stamp)}");
                return response.StatusCode == System.Net.HttpStatusCode.NotModified
                    ? (System.Text.Json.JsonElement?)null
                    : System.Text.Json.JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement.Clone();
            },
            a => a?.GetProperty("rows").EnumerateArray().Any(r => r.GetProperty("number").GetString() == row.Number && r.GetProperty("status").GetString() == "Dangerous") == true,
            $"the open dashboard to learn of {row.Number}'s verdict",
            TimeSpan.FromSeconds(30));
        Assert.NotEqual(stamp, answer!.Value.GetProperty("stamp").GetString());

        var firstName = row.Cells[2].Split(' ')[0];
        var found = Html.ArrivalRows(await client.GetStringAsync($"/search?q={Uri.EscapeDataString(firstName.ToUpperInvariant())}"));
        Assert.Contains(found, r => r.Cells[0] == row.Number);
    }

    [Fact]
    public async Task The_jobs_run_inside_web_and_the_operations_page_shows_what_their_last_run_did()
    {
        await EmbeddedDataFolder.HoldingTheDemoAsync(_folder);
        await using var web = await StartAsync();
        var jobs = web.Services.GetRequiredService<JobStorage>();
        await EveryoneEvaluatedAsync();
        using var client = await web.SignedInClientAsync(Roles.Operator);
        var before = await client.GetStringAsync("/operations");

        var states = await JobRuns.FinishedAsync(jobs, JobRuns.Fire(web.Services, UnknownSweeperJob.Name));
        // Read between two reads of Hangfire's record, so that both speak of the same run even when the schedule
        // fires the sweeper again meanwhile (every minute).
        var seen = await Eventually.Async(
            async () =>
            {
                var first = Sweeper(jobs);
                var page = await client.GetStringAsync("/operations");
                return (Page: page, Run: Sweeper(jobs) is var second && second.LastJobId == first.LastJobId ? second : null);
            },
            seen => seen.Run is not null && JobCell(seen.Page, UnknownSweeperJob.Name, "last-outcome") is { } outcome && outcome.StartsWith("succeeded", StringComparison.Ordinal),
            "the operations page to show a finished run of the sweeper");
        var zone = web.Services.GetRequiredService<PrisonCalendar>().TimeZone;

        Assert.IsType<InMemoryStorage>(jobs);
        Assert.Equal("Succeeded", states[^1].StateName);
        Assert.Equal(
            TimeZoneInfo.ConvertTimeFromUtc(seen.Run!.LastExecution!.Value, zone).ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture) + " New York time",
            JobCell(seen.Page, UnknownSweeperJob.Name, "last-run"));
        Assert.Equal("succeeded: 0 published again", JobCell(seen.Page, UnknownSweeperJob.Name, "last-outcome"));
        Assert.Equal("0", JobCell(seen.Page, UnknownSweeperJob.Name, "failures"));
        Assert.NotEqual("—", JobCell(before, NightlyReevaluationJob.Name, "next-run"));
        Assert.Equal(PrisonSchedule.Names, PrisonSchedule.Names.Where(name => JobCell(seen.Page, name, "last-outcome") is not null));
    }

    [Fact]
    public async Task A_notice_form_posted_twice_saves_one_notice_which_the_worker_inside_web_evaluates()
    {
        await EmbeddedDataFolder.HoldingTheDemoAsync(_folder);
        await using var web = await StartAsync();
        await EveryoneEvaluatedAsync();
        using var staff = await web.SignedInClientAsync(Roles.Staff);
        var number = (await PrisonersAsync())[0].Split(' ')[1];
        var today = web.Services.GetRequiredService<PrisonCalendar>().Today(DateTime.UtcNow).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);
        var (page, antiforgery) = await NoticePosting.OpenAsync(staff, number);
        var submission = RecordPosting.SubmissionIn(page);
        var before = await ScalarAsync($"SELECT count(*) FROM disciplinary_notice n JOIN prisoner p ON p.id = n.prisoner_id WHERE p.number = '{number}'");

        var posts = await Task.WhenAll(Enumerable.Range(0, 2).Select(_ => NoticePosting.PostAsync(staff, number, antiforgery, "Weapon", today, "a blade, in the embedded mode", submission)));

        Assert.All(posts, post => Assert.Equal(System.Net.HttpStatusCode.Redirect, post.StatusCode));
        Array.ForEach(posts, post => post.Dispose());
        Assert.Equal(before + 1, await ScalarAsync($"SELECT count(*) FROM disciplinary_notice n JOIN prisoner p ON p.id = n.prisoner_id WHERE p.number = '{number}'"));
        await Eventually.Async(
            () => ScalarAsync($"SELECT count(*) FROM prisoner WHERE number = '{number}' AND danger_status = 'Dangerous'"),
            dangerous => dangerous == 1,
            $"the verdict on {number} after a weapon notice",
            TimeSpan.FromSeconds(30));
    }

    [Fact]
    public async Task A_second_start_on_the_same_folder_keeps_the_data_and_loads_no_demo_again()
    {
        IReadOnlyList<string> first;
        await using (var web = await StartAsync())
        {
            // Stopping mid-evaluation would leave prisoners to the sweeper; the point here is what a restart keeps.
            await EveryoneEvaluatedAsync();
            first = await PrisonersAsync();
        }

        await using (var web = await StartAsync())
        {
            Assert.Equal(first, await PrisonersAsync());
            Assert.Equal(3, await ScalarAsync("SELECT count(*) FROM prison"));
            using var client = await web.SignedInClientAsync(Roles.Staff);
            Assert.Equal(10, Html.ArrivalRows(await client.GetStringAsync("/prisons/AMKC")).Count);
        }
    }

    [Fact]
    public async Task The_first_start_creates_the_demo_users_with_Demo_Password_staff_one_in_one_prison_and_a_later_start_leaves_them_as_they_are()
    {
        await using (var web = await StartAsync("--Demo:Password=First-Demo-Passw0rd"))
        {
            foreach (var (name, role, _) in DemoUsers.All)
            {
                using var client = web.CreateClient();
                using var signedIn = await client.SignInAsync(name, "First-Demo-Passw0rd");
                Assert.True(signedIn.StatusCode == System.Net.HttpStatusCode.Redirect, $"{name} could not sign in");
                Assert.Equal([role], (await RolesAsync(web)).Where(r => r.Name == name).Select(r => r.Role));
            }

            using var one = web.CreateClient();
            (await one.SignInAsync("staff-one", "First-Demo-Passw0rd")).Dispose();
            var start = await one.GetStringAsync("/");
            Assert.Contains("href=\"/prisons/RNDC\"", start);
            Assert.DoesNotContain("href=\"/prisons/AMKC\"", start);
            Assert.DoesNotContain("href=\"/prisons/GRVC\"", start);
            Assert.Equal(System.Net.HttpStatusCode.OK, (await one.GetAsync("/prisons/RNDC")).StatusCode);
            Assert.Equal(System.Net.HttpStatusCode.NotFound, (await one.GetAsync("/prisons/AMKC")).StatusCode);
            using var staff = await web.ClientSignedInAsAsync("staff", "First-Demo-Passw0rd");
            Assert.Contains("href=\"/prisons/AMKC\"", await staff.GetStringAsync("/"));

            await EveryoneEvaluatedAsync();
        }

        await using (var web = await StartAsync("--Demo:Password=Second-Demo-Passw0rd"))
        {
            Assert.Equal(4, await ScalarAsync("SELECT count(*) FROM staff_user"));
            using var client = web.CreateClient();
            using var signedIn = await client.SignInAsync("staff", "First-Demo-Passw0rd");
            Assert.Equal(System.Net.HttpStatusCode.Redirect, signedIn.StatusCode);
        }
    }

    [Fact]
    public async Task Without_the_two_factor_setting_the_demo_users_sign_in_with_the_password_alone()
    {
        await using var web = await RunningWeb.StartAsIsAsync(
            ["--urls=http://127.0.0.1:0", $"--Prison:DataFolder={_folder}", RunningWeb.ManySignIns, "--Demo:Password=Demo-Passw0rd-1fa"]);

        var answers = new List<string>();
        foreach (var (name, _, _) in DemoUsers.All)
        {
            using var client = await web.ClientSignedInAsAsync(name, "Demo-Passw0rd-1fa");
            using var start = await client.GetAsync("/");
            answers.Add($"{name} {(int)start.StatusCode}");
        }

        Assert.Equal([.. DemoUsers.All.Select(u => $"{u.Name} 200")], answers);
    }

    public void Dispose()
    {
        // Pooled connections keep the file open; the folder is the test's alone.
        SqliteConnection.ClearAllPools();
        if (Directory.Exists(_folder))
        {
            Directory.Delete(_folder, recursive: true);
        }
    }

    private static RecurringJobDto Sweeper(JobStorage jobs)
    {
        using var connection = jobs.GetConnection();
        return connection.GetRecurringJobs([UnknownSweeperJob.Name]).Single();
    }

    /// <summary>A cell of the operations page's row for <paramref name="job"/>, by its data-role.</summary>
    private static string? JobCell(string html, string job, string role) =>
        Regex.Match(html, $"<tr data-job=\"{Regex.Escape(job)}\">(.*?)</tr>", RegexOptions.Singleline) is { Success: true } row
            ? Html.TextOf(row.Groups[1].Value, "td", $"data-role=\"{role}\"")
            : null;

    private Task<RunningWeb> StartAsync(params string[] more) => RunningWeb.StartAsync(["--urls=http://127.0.0.1:0", $"--Prison:DataFolder={_folder}", .. more]);

    private static async Task<IReadOnlyList<(string Name, string Role)>> RolesAsync(RunningWeb web)
    {
        await using var scope = web.Services.CreateAsyncScope();
        return [.. (await scope.ServiceProvider.GetRequiredService<StaffAccounts>().ListAsync()).SelectMany(a => a.Roles.Select(r => (a.Name, r)))];
    }

    private Task EveryoneEvaluatedAsync() =>
        Eventually.Async(
            () => ScalarAsync("SELECT count(*) FROM prisoner WHERE danger_status = 'Unknown'"),
            unknown => unknown == 0,
            "a verdict on every demo prisoner",
            TimeSpan.FromSeconds(60));

    /// <summary>Id, number and verdict of every prisoner: a second seed would add prisoners, a lost file would change ids.</summary>
    private async Task<IReadOnlyList<string>> PrisonersAsync()
    {
        await using var connection = Open();
        await using var command = connection.CreateCommand();
        command.CommandText = "SELECT id, number, danger_status FROM prisoner ORDER BY id";
        await using var reader = await command.ExecuteReaderAsync();
        var rows = new List<string>();
        while (await reader.ReadAsync())
        {
            rows.Add($"{reader.GetString(0)} {reader.GetString(1)} {reader.GetString(2)}");
        }

        return rows;
    }

    private async Task<long> ScalarAsync(string sql)
    {
        await using var connection = Open();
        await using var command = connection.CreateCommand();
        command.CommandText = sql;
        return (long)(await command.ExecuteScalarAsync())!;
    }

    private SqliteConnection Open()
    {
        var connection = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = Path.Combine(_folder, "prison.db"), Mode = SqliteOpenMode.ReadOnly, Pooling = false }.ToString());
        connection.Open();
        return connection;
    }
}
