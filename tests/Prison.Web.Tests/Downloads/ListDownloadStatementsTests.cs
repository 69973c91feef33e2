using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Identity;
using Prison.Domain.Evaluation;

namespace Prison.Web.Tests.Downloads;

/// <summary>
/// The statements a download sends, counted in web's own contexts: its read (one a list, one a group of "Since last
/// shift") and the inserts of its audit entries, one before the first row leaves and one once it ends, however many
/// rows the file holds.
/// </summary>
public sealed class ListDownloadStatementsTests
{
    private const int Held = 130;

    [Theory]
    [InlineData("/prisons/P1/prisoners?handler=csv", 1, Held)]
    [InlineData("/prisons/P1/prisoners?status=Unknown&handler=csv", 1, Held)]
    [InlineData("/prisons/P1/since-last-shift?handler=csv", 2, 0)]
    [InlineData("/search?q=s&handler=csv", 1, Web.Pages.Prisoners.SearchReads.MaxHits)]
    public async Task A_download_sends_its_reads_between_an_audit_insert_before_and_one_after_whatever_its_rows(string path, int reads, int rows)
    {
        var counter = new StatementCounter();
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var web = await RunningWeb.StartAsync(
            ServerArguments.For(database, ServerArguments.NewQueuePrefix(), RunningWeb.InsecureCookies),
            services: services => services.ConfigureDbContext<PrisonDb>(options => options.AddInterceptors(counter)));
        var today = web.Services.GetRequiredService<PrisonCalendar>().Today(DateTime.UtcNow);
        await using (var db = database.Open())
        {
            db.Prisons.Add(Records.Prison(1));
            db.Prisoners.AddRange(Enumerable.Range(1, Held).Select(n => Records.Harmless($"S{n:000}", 1, today.AddDays(-n))));
            await db.SaveRecordChangesAsync();
        }

        using var client = await web.SignedInClientAsync(Roles.Staff);
        (await client.GetAsync(path)).EnsureSuccessStatusCode();

        counter.Reset();
        var file = CsvFile.Read(await client.GetByteArrayAsync(path));
        var statements = counter.Statements.Where(s => !s.Contains("staff_session", StringComparison.Ordinal)).ToList();

        Assert.Equal(rows, file.Rows.Count);
        Assert.True(statements.Count == reads + 2, string.Join("\n----\n", statements));
        Assert.Equal(2, statements.Count(s => s.TrimStart().StartsWith("INSERT INTO audit_entry", StringComparison.Ordinal)));
        Assert.Equal(reads, statements.Count(s => !s.Contains("audit_entry", StringComparison.Ordinal)));
        Assert.StartsWith("INSERT INTO audit_entry", statements[^1].TrimStart(), StringComparison.Ordinal);
    }
}
