using System.Diagnostics;
using Npgsql;

namespace Prison.Faults.Tests;

/// <summary>
/// The runbook's backup and restore of the production database (deploy/backup), run as docs/operations.md says, while
/// a worker re-evaluates everyone and the audit log grows: the restored database passes `worker verify` and keeps its
/// audit log, append-only.
/// </summary>
public sealed class PostgresBackupTests
{
    private const int Prisoners = 4_000;

    [Fact]
    public async Task A_backup_taken_while_a_worker_runs_restores_into_a_new_database_that_verify_passes_with_its_audit_log_intact()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await Population.AddAsync(database, Prisoners);
        var configuration = ServerArguments.For(database, ServerArguments.NewQueuePrefix(), "--Jobs:BatchSize=50");
        var commandLine = configuration[1..];
        await using var workers = await WorkerServices.StartAsync(1, configuration);
        var first = await WorkerProcess.RunAsync(["reevaluate", "--all", .. commandLine]);
        Assert.True(first.ExitCode == 0, first.Output);

        // Changes go on during the backup: a second full run rewrites every verdict, and acts are audited.
        var second = WorkerProcess.RunAsync(["reevaluate", "--all", .. commandLine]);
        await Eventually.Async(
            () => database.ScalarAsync<long>("SELECT coalesce(sum(done), 0) FROM reevaluation_run WHERE finished_at IS NULL"),
            done => done > 0,
            "the second run to have begun",
            TimeSpan.FromSeconds(60));
        using var auditing = new CancellationTokenSource();
        var audited = AuditUntilAsync(database, auditing.Token);
        var auditedBefore = await database.ScalarAsync<long>("SELECT count(*) FROM audit_entry");
        var file = Path.Combine(Path.GetTempPath(), $"prison-backup-{Guid.NewGuid():N}.dump");
        try
        {
            var backup = await ScriptAsync("backup-postgres.sh", file, database.ConnectionString);
            var auditedAfter = await database.ScalarAsync<long>("SELECT count(*) FROM audit_entry");
            await auditing.CancelAsync();
            await audited;
            Assert.True((await second).ExitCode == 0);

            await using var restored = await ScratchDatabase.CreateAsync(Engine.PostgreSql);
            var restore = await ScriptAsync("restore-postgres.sh", file, restored.ConnectionString);
            var verify = await WorkerProcess.RunAsync(["verify", $"--ConnectionStrings:Prison={restored.ConnectionString}", .. commandLine[1..]]);
            var again = await ScriptAsync("restore-postgres.sh", file, restored.ConnectionString, expectFailure: true);

            Assert.Contains($"Backed up the database {new NpgsqlConnectionStringBuilder(database.ConnectionString).Database} to {file}", backup);
            Assert.Contains("Restored", restore);
            Assert.True(verify.ExitCode == 0, verify.Output);
            Assert.Contains($"Checked {Prisoners} prisoners: 0 stored flag(s) differ from the rules", verify.Output);
            Assert.InRange(await restored.ScalarAsync<long>("SELECT count(*) FROM audit_entry"), auditedBefore, auditedAfter);
            Assert.Equal(Prisoners, await restored.ScalarAsync<long>("SELECT count(*) FROM prisoner"));
            await Assert.ThrowsAsync<PostgresException>(() => restored.ExecuteAsync("UPDATE audit_entry SET summary = 'rewritten'"));
            await Assert.ThrowsAsync<PostgresException>(() => restored.ExecuteAsync("DELETE FROM audit_entry"));
            Assert.Contains("is not empty", again);
        }
        finally
        {
            File.Delete(file);
        }
    }

    private static async Task AuditUntilAsync(ScratchDatabase database, CancellationToken stop)
    {
        for (var i = 0; !stop.IsCancellationRequested; i++)
        {
            await using var db = database.OpenAs("backup-test");
            db.AuditEntries.Add(Db.Audit.AuditEntry.Refused(null, $"act {i} during the backup"));
            await db.SaveChangesAsync(CancellationToken.None);
        }
    }

    /// <summary>Runs deploy/backup/<paramref name="script"/> with the connection as libpq's variables, as an operator would.</summary>
    private static async Task<string> ScriptAsync(string script, string file, string connectionString, bool expectFailure = false)
    {
        var connection = new NpgsqlConnectionStringBuilder(connectionString);
        var start = new ProcessStartInfo("bash") { RedirectStandardOutput = true, RedirectStandardError = true };
        start.ArgumentList.Add(Path.Combine(Repository.Root(), "deploy", "backup", script));
        start.ArgumentList.Add(file);
        start.Environment["PGHOST"] = connection.Host;
        start.Environment["PGPORT"] = connection.Port.ToString(System.Globalization.CultureInfo.InvariantCulture);
        start.Environment["PGUSER"] = connection.Username;
        start.Environment["PGDATABASE"] = connection.Database;
        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(3));
        await process.WaitForExitAsync(timeout.Token);
        var said = await output + await error;
        Assert.True(expectFailure ? process.ExitCode != 0 : process.ExitCode == 0, $"{script} exited with {process.ExitCode}: {said}");
        return said;
    }
}
