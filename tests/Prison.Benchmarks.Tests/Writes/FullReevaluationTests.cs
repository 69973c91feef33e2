using Prison.Benchmarks.Writes;

namespace Prison.Benchmarks.Tests.Writes;

public sealed class FullReevaluationTests
{
    [Fact]
    public async Task Reevaluates_every_prisoner_in_a_worker_process_and_reads_its_peak_memory()
    {
        await using var data = new TinyDataSet();

        var results = await FullReevaluation.RunAsync(data.Prisoners, [1], data.Report, data.Name, CancellationToken.None);

        var run = Assert.Single(results);
        Assert.Equal(data.Prisoners, run.Prisoners);
        Assert.Equal(0, run.Failed);
        Assert.True(run.PeakMemoryMiB > 0);
        Assert.Contains("reevaluate --prisoners 200 --workers 1", data.ReportText);
    }
}
