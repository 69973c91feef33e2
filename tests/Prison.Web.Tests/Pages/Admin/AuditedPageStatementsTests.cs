using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Identity;
using Prison.Domain.Evaluation;

namespace Prison.Web.Tests.Pages.Admin;

/// <summary>
/// The statements a page of prisoners sends over HTTP, counted in web's own contexts: its one read, and the insert of
/// its audit entry. The audit costs one statement a page, never a second read; the polls stay a read alone.
/// </summary>
public sealed class AuditedPageStatementsTests
{
    [Theory]
    [InlineData("/prisons/P1")]
    [InlineData("/prisons/P1/prisoners?status=Unknown")]
    [InlineData("/search?q=s0")]
    [InlineData("/prisons/P1/since-last-shift")]
    [InlineData("/prisons/P1/coming-up")]
    [InlineData("/prisons/P1/coming-up?days=30")]
    public async Task A_page_of_prisoners_sends_its_one_read_and_one_audit_insert(string path)
    {
        var counter = new StatementCounter();
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var web = await RunningWeb.StartAsync(
            ServerArguments.For(database, ServerArguments.NewQueuePrefix(), RunningWeb.InsecureCookies), services: services => services.ConfigureDbContext<PrisonDb>(options => options.AddInterceptors(counter)));
        var today = web.Services.GetRequiredService<PrisonCalendar>().Today(DateTime.UtcNow);
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison(1));
            db.Prisoners.AddRange(Records.Harmless("S01", 1, today.AddDays(-2)), Records.Harmless("S02", 1, today.AddDays(-1)));
            await db.SaveRecordChangesAsync();
        }

        using var client = await web.SignedInClientAsync(Roles.Staff);
        (await client.GetAsync(path)).EnsureSuccessStatusCode();

        counter.Reset();
        (await client.GetAsync(path)).EnsureSuccessStatusCode();
        using var poll = await client.GetAsync("/api/prisons/P1/dashboard");
        var statements = Requests(counter);

        // The read, then the audit entry's insert (+1 a page, deliberately: the entry is the audit of that read); the
        // dashboard's poll after it reads and writes nothing more.
        Assert.True(statements.Count == 3, string.Join("\n----\n", statements));
        Assert.DoesNotContain("audit_entry", statements[0], StringComparison.Ordinal);
        Assert.StartsWith("INSERT INTO audit_entry", statements[1].TrimStart(), StringComparison.Ordinal);
        Assert.DoesNotContain("audit_entry", statements[2], StringComparison.Ordinal);
    }

    /// <summary>What the requests sent, without the ended-sessions watcher's read, which runs on its own every few seconds.</summary>
    private static List<string> Requests(StatementCounter counter) =>
        [.. counter.Statements.Where(s => !s.Contains("staff_session", StringComparison.Ordinal))];
}
