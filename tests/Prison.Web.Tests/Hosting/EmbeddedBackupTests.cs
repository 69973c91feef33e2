using System.Globalization;
using Microsoft.Data.Sqlite;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Prison.Domain.Evaluation;

namespace Prison.Web.Tests.Hosting;

/// <summary>
/// The embedded mode's backup and restore as docs/operations.md says: `worker backup FILE` while web runs and staff
/// record notices, the copy put in place of prison.db in another data folder, and `worker verify` passing there.
/// </summary>
public sealed class EmbeddedBackupTests : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), $"prison-embedded-{Guid.NewGuid():N}");
    private readonly string _restored = Path.Combine(Path.GetTempPath(), $"prison-restored-{Guid.NewGuid():N}");

    [Fact]
    public async Task A_backup_taken_while_staff_record_restores_into_a_data_folder_that_verify_passes_with_the_audit_log_intact()
    {
        await EmbeddedDataFolder.HoldingTheDemoAsync(_folder);
        await using var web = await RunningWeb.StartAsync(["--urls=http://127.0.0.1:0", $"--Prison:DataFolder={_folder}"]);
        await Eventually.Async(() => CountAsync(_folder, "prisoner WHERE danger_status = 'Unknown'"), unknown => unknown == 0, "a verdict on every demo prisoner", TimeSpan.FromSeconds(60));
        using var client = await web.SignedInClientAsync(Roles.Staff);
        var numbers = Html.ArrivalRows(await client.GetStringAsync("/prisons/RNDC")).Select(r => r.Number).ToList();
        var today = web.Services.GetRequiredService<PrisonCalendar>().Today(DateTime.UtcNow).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);

        using var recording = new CancellationTokenSource();
        var recorded = RecordUntilAsync(client, numbers, today, recording.Token);
        var auditedBefore = await CountAsync(_folder, "audit_entry");
        var file = Path.Combine(_restored, "backup.db");
        Directory.CreateDirectory(_restored);
        var backup = await WorkerProcess.RunAsync(["backup", file, $"--Prison:DataFolder={_folder}"]);
        var auditedAfter = await CountAsync(_folder, "audit_entry");
        await recording.CancelAsync();
        var notices = await recorded;
        var overwrite = await WorkerProcess.RunAsync(["backup", file, $"--Prison:DataFolder={_folder}"]);

        File.Move(file, Path.Combine(_restored, "prison.db"));
        var verify = await WorkerProcess.RunAsync(["verify", $"--Prison:DataFolder={_restored}"]);

        Assert.True(backup.ExitCode == 0, backup.Output);
        Assert.True(notices > 0, "no notice was recorded while the backup ran");
        Assert.Equal(2, overwrite.ExitCode);
        Assert.Contains("exists already: a backup is never written over a file.", overwrite.Output);
        Assert.True(verify.ExitCode == 0, verify.Output);
        Assert.Contains($"Checked {await CountAsync(_restored, "prisoner")} prisoners: 0 stored flag(s) differ from the rules", verify.Output);
        Assert.InRange(await CountAsync(_restored, "audit_entry"), auditedBefore, auditedAfter);
        await using var restored = Open(_restored, SqliteOpenMode.ReadWrite);
        await using var rewrite = restored.CreateCommand();
        rewrite.CommandText = "UPDATE audit_entry SET summary = 'rewritten'";
        await Assert.ThrowsAsync<SqliteException>(() => rewrite.ExecuteNonQueryAsync());
    }

    [Fact]
    public async Task A_backup_of_a_PostgreSQL_database_is_refused_with_the_tool_to_use()
    {
        var run = await WorkerProcess.RunAsync(["backup", Path.Combine(_restored, "x.db"), $"--ConnectionStrings:Prison={TestServers.PostgreSql}"]);

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("The database is PostgreSQL: back it up with deploy/backup/backup-postgres.sh (pg_dump)", run.Output);
        Assert.DoesNotContain("   at ", run.Output);
    }

    public void Dispose()
    {
        SqliteConnection.ClearAllPools();
        foreach (var folder in new[] { _folder, _restored })
        {
            if (Directory.Exists(folder))
            {
                Directory.Delete(folder, recursive: true);
            }
        }
    }

    /// <summary>Records notices on the dashboard's prisoners, one after another, until stopped. Returns how many were saved.</summary>
    private static async Task<int> RecordUntilAsync(HttpClient client, IReadOnlyList<string> numbers, string today, CancellationToken stop)
    {
        var saved = 0;
        for (var i = 0; !stop.IsCancellationRequested; i++)
        {
            var number = numbers[i % numbers.Count];
            var (_, token) = await NoticePosting.OpenAsync(client, number);
            using var answer = await NoticePosting.PostAsync(client, number, token, "Weapon", today, $"notice {i}");
            saved += answer.StatusCode == System.Net.HttpStatusCode.Redirect ? 1 : 0;
        }

        return saved;
    }

    private static async Task<long> CountAsync(string folder, string from)
    {
        await using var connection = Open(folder, SqliteOpenMode.ReadOnly);
        await using var command = connection.CreateCommand();
        command.CommandText = $"SELECT count(*) FROM {from}";
        return (long)(await command.ExecuteScalarAsync())!;
    }

    private static SqliteConnection Open(string folder, SqliteOpenMode mode)
    {
        var connection = new SqliteConnection(new SqliteConnectionStringBuilder { DataSource = Path.Combine(folder, "prison.db"), Mode = mode, Pooling = false }.ToString());
        connection.Open();
        return connection;
    }
}
