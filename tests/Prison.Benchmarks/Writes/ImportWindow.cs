using System.Diagnostics;
using System.Globalization;
using Prison.Benchmarks.Data;
using Prison.Benchmarks.Reporting;
using Prison.Testing;

namespace Prison.Benchmarks.Writes;

/// <summary>
/// Benchmark 10: the window in which a page shows Unknown while real custody files are imported. NYC DOC's daily files
/// (../shared/data/nyc-doc-daily, read by the benchmark, never by the product) are imported into an empty database by
/// `Prison.Worker import` while one worker process (`Prison.Worker run`, RabbitMQ and PostgreSQL as in production)
/// evaluates what each day changed; each second, the oldest Unknown prisoner's wait (now less the time its record last
/// changed) is sampled, until the import has finished and nobody is left Unknown.
/// </summary>
public static class ImportWindow
{
    public sealed record Result(int Days, long Prisoners, double ImportSeconds, IReadOnlyList<double> WaitsMs);

    private const string OldestUnknownWait = """
        SELECT coalesce(1000 * EXTRACT(EPOCH FROM clock_timestamp() - min(changed_at)), 0)::float8
        FROM prisoner WHERE danger_status = 'Unknown'
        """;

    public static async Task<Result> RunAsync(string dataFolder, int? days, string output, CancellationToken cancellationToken)
    {
        var files = Directory.GetFiles(dataFolder, "DOC_Inmates_InCustody_Daily_*.csv").Order(StringComparer.Ordinal).Take(days ?? int.MaxValue).ToList();
        if (files.Count == 0)
        {
            throw new BenchmarkSetupException($"No DOC_Inmates_InCustody_Daily_*.csv in {dataFolder}.");
        }

        var database = BenchDatabase.For(0, $"prison_bench_import_{Guid.NewGuid():N}");
        try
        {
            await database.EnsureMigratedAsync(cancellationToken);
            var prefix = ServerArguments.NewQueuePrefix();
            await using var worker = await WorkerProcessUnderTest.StartAsync(database, prefix, cancellationToken);

            // import takes one file or folder: the days asked for, linked into a folder of their own.
            var folder = Directory.CreateTempSubdirectory("prison-import-window-").FullName;
            foreach (var file in files)
            {
                File.CreateSymbolicLink(Path.Combine(folder, Path.GetFileName(file)), file);
            }

            var started = Stopwatch.GetTimestamp();
            var import = WorkerVerb.RunAsync(database, prefix, ["import", folder], cancellationToken);
            var waits = new List<double>();
            double? importSeconds = null;
            var drained = TimeSpan.Zero;
            while (true)
            {
                await Task.Delay(TimeSpan.FromSeconds(1), cancellationToken);
                var wait = await database.ScalarAsync<double>(OldestUnknownWait, cancellationToken);
                waits.Add(wait);
                if (import.IsCompleted)
                {
                    var (exitCode, printed) = await import;
                    if (exitCode != 0)
                    {
                        throw new InvalidOperationException($"The import exited with code {exitCode}: {printed}");
                    }

                    importSeconds ??= Stopwatch.GetElapsedTime(started).TotalSeconds;
                    if (wait == 0 || Stopwatch.GetElapsedTime(started).TotalSeconds - importSeconds > 600)
                    {
                        break;
                    }
                }
            }

            Directory.Delete(folder, recursive: true);
            var prisoners = await database.ScalarAsync<long>("SELECT count(*) FROM prisoner", cancellationToken);
            var result = new Result(files.Count, prisoners, importSeconds!.Value, waits);
            Console.WriteLine($"import of {files.Count} days ({prisoners:N0} prisoners) in {result.ImportSeconds:0.0} s; oldest Unknown's wait, sampled each second: {Percentiles.Describe(waits)}");
            await WriteAsync(result, output, cancellationToken);
            return result;
        }
        finally
        {
            await database.DropAsync();
        }
    }

    private static async Task WriteAsync(Result result, string output, CancellationToken cancellationToken)
    {
        var command = $"dotnet run -c Release --project tests/Prison.Benchmarks -- import-window{(result.Days == 31 ? "" : $" --days {result.Days}")}";
        string Ms(double p) => Percentiles.At(result.WaitsMs, p).ToString("N0", CultureInfo.InvariantCulture);
        var body = BenchmarkReport.Table(["measure", "figure"],
        [
            ["days imported", $"{result.Days} ({result.Prisoners:N0} prisoners) in {result.ImportSeconds:0.0} s"],
            ["samples", $"{result.WaitsMs.Count:N0}, one a second, until nobody was left Unknown"],
            ["oldest Unknown's wait p50", $"{Ms(0.5)} ms"],
            ["oldest Unknown's wait p99", $"{Ms(0.99)} ms"],
            ["oldest Unknown's wait max", $"{result.WaitsMs.Max().ToString("N0", CultureInfo.InvariantCulture)} ms"],
        ]);
        await BenchmarkReport.WriteSectionAsync(output, $"import-window-{result.Days}", $"10. The window during an import, {result.Days} days of NYC DOC custody files", command,
            await Machine.DescribeAsync(cancellationToken), body,
            "Into an empty database, `Prison.Worker import` of the files (in date order), which commits each batch with its verdicts, while one worker process (`Prison.Worker run`) receives the published changes; " +
            "each second the oldest Unknown prisoner's wait is read (the database clock less the time its record last changed; 0 when nobody is Unknown). " +
            "The import and the worker share the machine's cores with PostgreSQL: on a loaded machine the wait is mostly the wait for a core.");
        await BenchmarkReport.WriteHeadlinesAsync(
            output,
            [new Headline($"oldest Unknown's wait during an import, {result.Days} days", $"p50 {Ms(0.5)} ms, p99 {Ms(0.99)} ms, max {result.WaitsMs.Max().ToString("N0", CultureInfo.InvariantCulture)} ms", null, null, command)],
            await SourceCommit.DescribeAsync(cancellationToken),
            DateTime.UtcNow);
    }

    /// <summary>data/nyc-doc-daily of the shared folder, found by walking up from the current folder.</summary>
    public static string DefaultDataFolder()
    {
        for (var folder = new DirectoryInfo(Directory.GetCurrentDirectory()); folder is not null; folder = folder.Parent)
        {
            var data = Path.Combine(folder.FullName, "shared", "data", "nyc-doc-daily");
            if (Directory.Exists(data))
            {
                return data;
            }
        }

        throw new BenchmarkSetupException($"No shared/data/nyc-doc-daily above {Directory.GetCurrentDirectory()}: give --data PATH.");
    }
}
