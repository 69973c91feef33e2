using Prison.Benchmarks.Writes;

namespace Prison.Benchmarks.Tests.Writes;

public sealed class CommitToVerdictTests
{
    [Fact]
    public async Task Times_every_change_to_its_verdict_and_the_rate_a_worker_sustains()
    {
        await using var data = new TinyDataSet();

        var result = await CommitToVerdict.RunAsync(data.Prisoners, rate: 20, seconds: 2, data.Report, data.Name, CancellationToken.None, workerCounts: [1]);

        Assert.InRange(result.Latencies.Count, 1, 40);
        Assert.Single(result.Sustained);
        Assert.Contains("commit to verdict p99", data.ReportText);
    }
}
