using Prison.Benchmarks.Reads;

namespace Prison.Benchmarks.Tests.Reads;

public sealed class SinceLastShiftTests
{
    [Fact]
    public async Task Measures_the_since_last_shift_statement_over_a_month_of_changes_and_writes_its_table()
    {
        await using var data = new TinyDataSet();

        var results = await SinceLastShift.RunAsync(data.Prisoners, data.Report, data.Name, CancellationToken.None, maxRuns: 5);

        Assert.NotEmpty(results);
        Assert.All(results, r => Assert.Equal(1, r.Statements));
        Assert.Contains("| a shift (12 hours), first page | 1 |", data.ReportText);
        Assert.Contains("since-last-shift --prisoners 200", data.ReportText);
        Assert.Equal(
            (long)Math.Round(data.Prisoners * ShiftHistory.DailyShare * ShiftHistory.Days),
            await data.Database.ScalarAsync<long>("SELECT count(*) FROM verdict_change WHERE rule_set = 'bench-month' AND cause <> 'RuleSetChanged'", CancellationToken.None));
    }
}
