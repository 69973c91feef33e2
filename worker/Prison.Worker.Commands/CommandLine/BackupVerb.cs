using System.CommandLine;
using Microsoft.Data.Sqlite;
using Microsoft.Extensions.Hosting;
using Prison.Runtime;
using Prison.ServiceDefaults;
using Spectre.Console;

namespace Prison.Worker.CommandLine;

/// <summary>
/// A copy of the embedded database, consistent as of one instant, taken while web keeps running (SQLite's VACUUM INTO
/// reads one snapshot). PostgreSQL has its own tool for that, pg_dump (docs/operations.md, "Backup and restore").
/// </summary>
internal static class BackupVerb
{
    public static Command Create()
    {
        var file = new Argument<FileInfo>("FILE") { Description = "the new file the copy is written to (never an existing one)" };
        return Verb.Create("backup", "Copy the embedded database to a new file while the product runs; restore by putting the copy in place of prison.db.", async (parse, configuration, cancellationToken) =>
        {
            var target = parse.GetValue(file)!;
            var builder = Host.CreateApplicationBuilder(configuration);
            var settings = builder.AddPrison(hostWorker: false);
            if (!settings.IsEmbeddedDatabase)
            {
                throw new UsageException("The database is PostgreSQL: back it up with deploy/backup/backup-postgres.sh (pg_dump), as docs/operations.md says.");
            }

            if (target.Exists)
            {
                throw new UsageException($"{target.FullName} exists already: a backup is never written over a file.");
            }

            await StartupChecks.EnsureDatabaseReachableAsync(settings, cancellationToken);
            await using (var connection = new SqliteConnection(settings.ConnectionString))
            {
                await connection.OpenAsync(cancellationToken);
                await using var command = connection.CreateCommand();
                command.CommandText = "VACUUM INTO $file";
                command.Parameters.AddWithValue("$file", target.FullName);
                await command.ExecuteNonQueryAsync(cancellationToken);
            }

            AnsiConsole.MarkupLineInterpolated($"[green]Backed up[/] the embedded database to {target.FullName} ({new FileInfo(target.FullName).Length:N0} bytes).");
            return 0;
        }, file);
    }
}
