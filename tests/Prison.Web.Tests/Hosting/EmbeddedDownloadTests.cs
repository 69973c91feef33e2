using System.Text.RegularExpressions;
using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Identity;

namespace Prison.Web.Tests.Hosting;

/// <summary>The lists' downloads in the embedded mode: SQLite, on the demo's prisoners.</summary>
public sealed class EmbeddedDownloadTests : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), $"prison-embedded-{Guid.NewGuid():N}");

    [Fact]
    public async Task In_the_embedded_mode_each_list_downloads_as_its_page_counts_it_and_each_download_is_audited()
    {
        await EmbeddedDataFolder.HoldingTheDemoAsync(_folder);
        await using var web = await RunningWeb.StartAsync(["--urls=http://127.0.0.1:0", $"--Prison:DataFolder={_folder}"]);
        using var client = await web.SignedInClientAsync(Roles.Staff);

        var html = await client.GetStringAsync("/prisons/RNDC/prisoners?status=Dangerous");
        var dangerous = int.Parse(Regex.Match(html, "Dangerous <span class=\"muted\">\\((\\d+)\\)</span>").Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture);
        var list = CsvFile.Read(await client.GetByteArrayAsync("/prisons/RNDC/prisoners?status=Dangerous&handler=csv"));
        var shift = CsvFile.Read(await client.GetByteArrayAsync($"/prisons/RNDC/since-last-shift?from={DateTime.UtcNow.AddDays(-6):yyyy-MM-dd'T'HH:mm}&handler=csv"));
        var found = CsvFile.Read(await client.GetByteArrayAsync("/search?q=a&handler=csv"));

        Assert.True(dangerous > 0, "The demo holds dangerous prisoners at RNDC.");
        Assert.Equal(dangerous, list.Rows.Count);
        Assert.All(list.Column("Danger"), danger => Assert.StartsWith("Dangerous", danger));
        Assert.Equal(["Change", "When (New York time)", "First verdict", "Number", "Name", "Why", "What changed it", "Now"], shift.Headings);
        Assert.All(shift.Column("Change"), change => Assert.Contains(change, new[] { "Became Dangerous", "No longer Dangerous" }));
        Assert.NotEmpty(found.Rows);
        await using var scope = web.Services.CreateAsyncScope();
        var summaries = await scope.ServiceProvider.GetRequiredService<PrisonDb>().AuditEntries
            .Where(e => e.Action == AuditAction.ListDownloaded).Select(e => e.Summary).ToListAsync();
        Assert.Contains($"Downloaded the Dangerous prisoners at RNDC as a CSV file: {dangerous} rows", summaries);
        Assert.Equal(3, summaries.Count(s => s.StartsWith("Began downloading ", StringComparison.Ordinal)));
        Assert.Equal(6, summaries.Count);
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
}
