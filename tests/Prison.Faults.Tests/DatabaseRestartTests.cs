using System.Diagnostics;
using System.Globalization;
using System.Net;
using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Identity;
using Xunit.Abstractions;

namespace Prison.Faults.Tests;

/// <summary>
/// PostgreSQL restarting under web while staff open and change prisoner pages: web retries what the restart broke,
/// so every answer is the page or the saved form's redirect and no change is saved twice; a database that stays
/// away gets the "try again" page, never a server error.
/// </summary>
public sealed class DatabaseRestartTests(ITestOutputHelper output)
{
    private const int PrisonerCount = 8;
    private const int Readers = 4;

    [Fact]
    public async Task Prisoner_pages_answer_while_PostgreSQL_restarts_and_each_change_is_saved_and_audited_once()
    {
        await using var postgres = await PrivatePostgres.StartAsync();
        await using (var db = PrisonDatabase.Open(postgres.ConnectionString))
        {
            await db.Database.MigrateAsync();
            db.Prisons.Add(Records.Prison());
            db.Prisoners.AddRange(Enumerable.Range(1, PrisonerCount).Select(n => Records.Harmless($"R{n:00}", 1, DateOnly.FromDateTime(DateTime.UtcNow).AddDays(-n))));
            await db.SaveRecordChangesAsync();
        }

        await using var web = await RunningWeb.StartAsync(
            [.. ServerArguments.For(postgres.ConnectionString, TestServers.RabbitMq, ServerArguments.NewQueuePrefix()), RunningWeb.InsecureCookies]);
        using var client = await web.SignedInClientAsync(Roles.Staff);
        var (_, token) = await NoticePosting.OpenAsync(client, "R01");
        var date = DateTime.UtcNow.AddDays(-1).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);

        var clock = Stopwatch.StartNew();
        using var stop = new CancellationTokenSource();
        var answers = new List<Answer>();

        // Readers open prisoner pages in turn; one writer per prisoner records notices on it, one after another.
        async Task LoopAsync(Func<int, Task<HttpResponseMessage>> request, string what)
        {
            for (var n = 0; !stop.IsCancellationRequested; n++)
            {
                var started = clock.Elapsed;
                using var response = await request(n);
                lock (answers)
                {
                    answers.Add(new Answer(what, started, clock.Elapsed, response.StatusCode));
                }
            }
        }

        var loops = Enumerable.Range(0, Readers)
            .Select(r => LoopAsync(n => client.GetAsync($"/prisoners/R{(r + n) % PrisonerCount + 1:00}"), "read"))
            .Concat(Enumerable.Range(1, PrisonerCount).Select(p => LoopAsync(n => NoticePosting.PostAsync(client, $"R{p:00}", token, "Other", date, $"notice {n}"), $"write R{p:00}")))
            .ToList();

        await Task.Delay(TimeSpan.FromSeconds(2));
        var restartStarted = clock.Elapsed;
        await postgres.RestartAsync();
        var restartEnded = clock.Elapsed;
        await Task.Delay(TimeSpan.FromSeconds(4));
        await stop.CancelAsync();
        await Task.WhenAll(loops);

        var inFlight = answers.Where(a => a.Started < restartEnded && a.Ended > restartStarted).ToList();
        var writes = answers.Where(a => a.What.StartsWith("write", StringComparison.Ordinal)).ToList();
        var saved = writes.Count(a => a.Status == HttpStatusCode.Redirect);
        var unsure = writes.Count(a => a.Status == HttpStatusCode.ServiceUnavailable);
        await using var check = PrisonDatabase.Open(postgres.ConnectionString);
        var notices = await check.Database.SqlQuery<int>($"SELECT count(*)::int AS \"Value\" FROM disciplinary_notice").SingleAsync();
        var changeEntries = await check.AuditEntries.CountAsync(e => e.Action == Prison.Db.Audit.AuditAction.PrisonerChanged);
        output.WriteLine($"Restart from {restartStarted} to {restartEnded}; {answers.Count} answers, {inFlight.Count} in flight during it: "
            + string.Join(", ", inFlight.GroupBy(a => a.Status).Select(g => $"{g.Count()} x {(int)g.Key}")) + $"; {saved} notices saved, {unsure} answered 503.");

        // The restart is far shorter than the retries' patience (about 15 s): not even the "try again" page is needed.
        Assert.NotEmpty(inFlight);
        Assert.All(answers.Where(a => a.What == "read"), a => Assert.True(a.Status == HttpStatusCode.OK, $"a read started at {a.Started} answered {(int)a.Status}"));
        Assert.All(writes, a => Assert.True(a.Status == HttpStatusCode.Redirect, $"{a.What} started at {a.Started} answered {(int)a.Status}"));
        // Each notice answered as saved is stored once, with one audit entry.
        Assert.Equal(saved, notices);
        Assert.Equal(notices, changeEntries);
    }

    [Fact]
    public async Task A_prisoner_page_answers_503_try_again_while_PostgreSQL_stays_down_and_200_once_it_is_back()
    {
        await using var postgres = await PrivatePostgres.StartAsync();
        await using (var db = PrisonDatabase.Open(postgres.ConnectionString))
        {
            await db.Database.MigrateAsync();
            db.Prisons.Add(Records.Prison());
            db.Prisoners.Add(Records.Harmless("D01", 1, DateOnly.FromDateTime(DateTime.UtcNow).AddDays(-3)));
            await db.SaveRecordChangesAsync();
        }

        await using var web = await RunningWeb.StartAsync(
            [.. ServerArguments.For(postgres.ConnectionString, TestServers.RabbitMq, ServerArguments.NewQueuePrefix()), RunningWeb.InsecureCookies]);
        using var client = await web.SignedInClientAsync(Roles.Staff);
        using (var before = await client.GetAsync("/prisoners/D01"))
        {
            Assert.Equal(HttpStatusCode.OK, before.StatusCode);
        }

        await postgres.StopAsync();
        var asked = Stopwatch.StartNew();
        using var health = await client.GetAsync("/health/ready");
        var healthAnswered = asked.Elapsed;
        using var report = System.Text.Json.JsonDocument.Parse(await health.Content.ReadAsStringAsync());
        var waited = Stopwatch.StartNew();
        using var during = await client.GetAsync("/prisoners/D01");
        waited.Stop();
        var page = await during.Content.ReadAsStringAsync();
        await postgres.StartAgainAsync();
        using var after = await client.GetAsync("/prisoners/D01");
        output.WriteLine($"While PostgreSQL was down, /health/ready answered after {healthAnswered} and the page after {waited.Elapsed}.");

        Assert.Equal(HttpStatusCode.ServiceUnavailable, during.StatusCode);
        Assert.Contains("Try again in a moment", page, StringComparison.Ordinal);
        Assert.DoesNotContain("Exception", page, StringComparison.Ordinal);
        Assert.NotNull(during.Headers.RetryAfter);
        Assert.Equal(HttpStatusCode.OK, after.StatusCode);
        // The health check asks once: it says the database is down without riding out the fault as pages do.
        Assert.Equal(HttpStatusCode.ServiceUnavailable, health.StatusCode);
        Assert.Equal("Unhealthy", report.RootElement.GetProperty("checks").GetProperty("database").GetProperty("status").GetString());
        Assert.True(healthAnswered < waited.Elapsed / 2, $"/health/ready answered after {healthAnswered}, the page after {waited.Elapsed}");
    }

    private sealed record Answer(string What, TimeSpan Started, TimeSpan Ended, HttpStatusCode Status);
}
