using Prison.Benchmarks.Reporting;

namespace Prison.Benchmarks.Tests.Reporting;

public sealed class BenchmarkReportTests
{
    [Fact]
    public async Task Headlines_go_into_one_table_under_the_title_and_a_row_measured_again_replaces_its_own_only()
    {
        var path = Path.Combine(Path.GetTempPath(), $"prison-headlines-{Guid.NewGuid():N}.md");
        try
        {
            await BenchmarkReport.WriteSectionAsync(path, "some", "1. Some section", "command", "machine", "body", null);
            var first = new DateTime(2026, 11, 29, 1, 0, 0, DateTimeKind.Utc);
            await BenchmarkReport.WriteHeadlinesAsync(path, [new Headline("dashboard, 10 prisoners", "p50 1.000 ms", "plain SQL by hand: p50 0.500 ms", 2.0, "cmd a"), new Headline("re-evaluation, 10 prisoners", "1.0 s", null, null, "cmd b")], "abc1234", first);
            await BenchmarkReport.WriteHeadlinesAsync(path, [new Headline("dashboard, 10 prisoners", "p50 0.800 ms", "plain SQL by hand: p50 0.500 ms", 1.6, "cmd a")], "def5678", first.AddHours(1));

            var text = await File.ReadAllTextAsync(path);
            Assert.True(text.IndexOf("<!-- headlines -->", StringComparison.Ordinal) < text.IndexOf("## 1. Some section", StringComparison.Ordinal));
            Assert.Contains("| dashboard, 10 prisoners | p50 0.800 ms | plain SQL by hand: p50 0.500 ms | 1.6x | 2026-11-29 02:00 UTC | def5678 | `cmd a` |", text);
            Assert.Contains("| re-evaluation, 10 prisoners | 1.0 s | none measured |  | 2026-11-29 01:00 UTC | abc1234 | `cmd b` |", text);
            Assert.DoesNotContain("p50 1.000 ms", text);
            Assert.Single(text.Split("<!-- headlines -->")[1..]);
        }
        finally
        {
            File.Delete(path);
        }
    }
}
