using Prison.Benchmarks.Designs;

namespace Prison.Benchmarks.Tests.Designs;

public sealed class DashboardDesignsTests
{
    [Fact]
    public async Task Measures_the_three_designs_on_every_page_and_writes_their_table()
    {
        await using var data = new TinyDataSet();

        var results = await DashboardDesigns.RunAsync(data.Prisoners, data.Report, data.Name, CancellationToken.None, maxRuns: 5);

        Assert.Equal(14, results.Count);
        // The anchor, the same page written by hand in plain SQL, measured beside the product's top ten and Dangerous only.
        Assert.Equal(["top ten", "dangerous only"], results.Where(r => r.Design == PlainSqlPage.Design).Select(r => r.Page));
        Assert.All(results.Where(r => r.Design.StartsWith('C')), r => Assert.Equal(1, r.Statements));
        Assert.All(results.Where(r => r.Design.StartsWith('B')), r => Assert.Equal(1, r.Statements));
        Assert.Contains("| top ten | A in memory |", data.ReportText);
        Assert.Contains("dashboard-designs --prisoners 200", data.ReportText);
        // The headline table at the top: each page's figure beside its anchor from this run, the ratio, date and commit.
        var headlines = data.ReportText.Split("<!-- headlines -->")[1].Split("<!-- /headlines -->")[0];
        Assert.Matches(@"\| dashboard top ten, 200 prisoners \| p50 [0-9.]+ ms \(p99 [0-9.]+\), 1 statement \| plain SQL by hand: p50 [0-9.]+ ms \| [0-9.]+x \| 20[0-9-]+ [0-9:]+ UTC \| [0-9a-f]{7,}", headlines);
        Assert.Matches(@"\| Dangerous only, 200 prisoners \| p50 [0-9.]+ ms .* \| [0-9.]+x \|", headlines);
    }
}
