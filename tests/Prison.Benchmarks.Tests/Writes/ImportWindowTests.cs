using Prison.Benchmarks.Writes;

namespace Prison.Benchmarks.Tests.Writes;

public sealed class ImportWindowTests
{
    /// <summary>
    /// The first rows of the first real custody day: a day of the real format and people, small enough that the worker
    /// evaluates it in seconds; the benchmark itself imports whole days.
    /// </summary>
    private const int Rows = 1_500;

    [Fact]
    public async Task Imports_a_custody_day_with_a_live_worker_samples_the_oldest_unknowns_wait_until_none_is_left_and_writes_its_headline()
    {
        var report = Path.Combine(Path.GetTempPath(), $"prison-benchmarks-{Guid.NewGuid():N}.md");
        var data = Directory.CreateTempSubdirectory("prison-import-window-day-");
        try
        {
            var day = Directory.GetFiles(ImportWindow.DefaultDataFolder(), "DOC_Inmates_InCustody_Daily_*.csv").Order(StringComparer.Ordinal).First();
            // The real files are unquoted, one row a line: the header and the first rows are a day of their own.
            await File.WriteAllLinesAsync(Path.Combine(data.FullName, Path.GetFileName(day)), File.ReadLines(day).Take(1 + Rows));

            var result = await ImportWindow.RunAsync(data.FullName, days: 1, report, CancellationToken.None);

            Assert.Equal(1, result.Days);
            Assert.True(result.Prisoners > 1_000, $"{result.Prisoners} prisoners from a day of {Rows:N0} rows");
            Assert.NotEmpty(result.WaitsMs);
            // Sampled until nobody was left Unknown.
            Assert.Equal(0, result.WaitsMs[^1]);
            var text = await File.ReadAllTextAsync(report);
            Assert.Contains("import-window --days 1", text);
            Assert.Contains("| oldest Unknown's wait during an import, 1 days | p50 ", text);
        }
        finally
        {
            File.Delete(report);
            data.Delete(recursive: true);
        }
    }
}
