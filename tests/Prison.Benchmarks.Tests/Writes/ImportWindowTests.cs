using Prison.Benchmarks.Writes;

namespace Prison.Benchmarks.Tests.Writes;

public sealed class ImportWindowTests
{
    [Fact]
    public async Task Imports_a_custody_day_with_a_live_worker_samples_the_oldest_unknowns_wait_until_none_is_left_and_writes_its_headline()
    {
        var report = Path.Combine(Path.GetTempPath(), $"prison-benchmarks-{Guid.NewGuid():N}.md");
        try
        {
            var result = await ImportWindow.RunAsync(ImportWindow.DefaultDataFolder(), days: 1, report, CancellationToken.None);

            Assert.Equal(1, result.Days);
            Assert.True(result.Prisoners > 1_000, $"{result.Prisoners} prisoners from a day of about 6,500 rows");
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
        }
    }
}
