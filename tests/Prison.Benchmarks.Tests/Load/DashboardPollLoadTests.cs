using Prison.Benchmarks.Load;

namespace Prison.Benchmarks.Tests.Load;

public sealed class DashboardPollLoadTests
{
    [Fact]
    public async Task Answers_the_poll_with_304_to_concurrent_clients_and_writes_their_rates()
    {
        await using var data = new TinyDataSet();

        var results = await DashboardPollLoad.RunAsync(data.Prisoners, 1, [1, 4], data.Report, data.Name, CancellationToken.None);

        Assert.Equal([1, 4], results.Select(r => r.Clients));
        Assert.All(results, r => Assert.True(r.PerSecond > 0));
        Assert.Contains("5. Dashboard poll over HTTP", data.ReportText);
        Assert.Contains("| 4 |", data.ReportText);
    }
}
