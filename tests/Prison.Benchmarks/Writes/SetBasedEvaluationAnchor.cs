using System.Diagnostics;
using Npgsql;
using Prison.Benchmarks.Data;

namespace Prison.Benchmarks.Writes;

/// <summary>
/// The floor of a full re-evaluation: ../shared/anchors/evaluate_all.sql, which fills every prisoner's flag in one
/// set-based statement over the anchors' own simplified schema, timed on the same server in the same run as the
/// product's run (only a ratio within one run means anything on a shared machine). The anchors' scripts load their
/// data set first (schema.sql, generate.sql, indexes.sql, the same number of prisoners), untimed; their database is
/// dropped afterwards.
/// </summary>
public static class SetBasedEvaluationAnchor
{
    public const string Name = "evaluate_all.sql (set-based, the anchors' schema)";

    public static async Task<double> SecondsAsync(BenchDatabase like, int prisoners, CancellationToken cancellationToken)
    {
        var anchors = Folder();
        var builder = new NpgsqlConnectionStringBuilder(like.ConnectionString);
        var database = $"prison_anchor_{prisoners}";
        await PsqlAsync(builder, "postgres", ["-c", $"DROP DATABASE IF EXISTS {database}", "-c", $"CREATE DATABASE {database}"], anchors, cancellationToken);
        try
        {
            await PsqlAsync(builder, database, ["-f", "schema.sql"], anchors, cancellationToken);
            await PsqlAsync(builder, database, ["-v", $"prisoners={prisoners}", "-v", "prisons=40", "-f", "generate.sql"], anchors, cancellationToken);
            await PsqlAsync(builder, database, ["-f", "indexes.sql"], anchors, cancellationToken);
            await PsqlAsync(builder, database, ["-c", "VACUUM (ANALYZE)"], anchors, cancellationToken);
            var started = Stopwatch.GetTimestamp();
            await PsqlAsync(builder, database, ["-f", "evaluate_all.sql"], anchors, cancellationToken);
            return Stopwatch.GetElapsedTime(started).TotalSeconds;
        }
        finally
        {
            await PsqlAsync(builder, "postgres", ["-c", $"DROP DATABASE IF EXISTS {database}"], anchors, CancellationToken.None);
        }
    }

    private static async Task PsqlAsync(NpgsqlConnectionStringBuilder server, string database, string[] arguments, string folder, CancellationToken cancellationToken)
    {
        var start = new ProcessStartInfo("psql") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = folder };
        foreach (var argument in (string[])["-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", server.Host!, "-p", server.Port.ToString(System.Globalization.CultureInfo.InvariantCulture), "-U", server.Username!, "-d", database, .. arguments])
        {
            start.ArgumentList.Add(argument);
        }

        if (server.Password is { } password)
        {
            start.Environment["PGPASSWORD"] = password;
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync(cancellationToken);
        var errors = process.StandardError.ReadToEndAsync(cancellationToken);
        await process.WaitForExitAsync(cancellationToken);
        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"psql {string.Join(" ", arguments)} exited with {process.ExitCode}: {await errors}{await output}");
        }
    }

    /// <summary>shared/anchors, found by walking up from the current folder, as the custody files are.</summary>
    private static string Folder()
    {
        for (var folder = new DirectoryInfo(Directory.GetCurrentDirectory()); folder is not null; folder = folder.Parent)
        {
            var anchors = Path.Combine(folder.FullName, "shared", "anchors");
            if (File.Exists(Path.Combine(anchors, "evaluate_all.sql")))
            {
                return anchors;
            }
        }

        throw new BenchmarkSetupException($"No shared/anchors/evaluate_all.sql above {Directory.GetCurrentDirectory()}.");
    }
}
