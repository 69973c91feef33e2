using Prison.Benchmarks.Reads;

namespace Prison.Benchmarks.Tests.Reads;

public sealed class HeadquartersOverviewTests
{
    [Fact]
    public async Task Measures_the_overview_statement_over_ninety_kept_days_and_writes_its_table()
    {
        await using var data = new TinyDataSet();

        var results = await HeadquartersOverview.RunAsync(data.Prisoners, data.Report, data.Name, CancellationToken.None, maxRuns: 5);

        Assert.Equal(3, results.Count);
        Assert.All(results, r => Assert.Equal(1, r.Statements));
        Assert.Equal(20 * 90, results[0].RowsPerPage);
        Assert.Equal(90, results[1].RowsPerPage);
        Assert.Contains("| every prison (20), 90 days | 1 |", data.ReportText);
        Assert.Contains("headquarters-overview --prisoners 200", data.ReportText);
        Assert.Equal(
            20L * 90 * 16,
            await data.Database.ScalarAsync<long>("SELECT count(*) FROM prison_dangerous_day WHERE day < prison_dangerous_today()", CancellationToken.None));
    }
}
