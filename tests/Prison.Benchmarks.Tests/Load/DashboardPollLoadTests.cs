using Prison.Benchmarks.Load;

namespace Prison.Benchmarks.Tests.Load;

public sealed class DashboardPollLoadTests
{
    [Fact]
    public async Task Answers_the_poll_with_304_to_concurrent_clients_with_and_without_reusing_the_stamp_and_writes_their_rates()
    {
        await using var data = new TinyDataSet();

        var results = await DashboardPollLoad.RunAsync(data.Prisoners, 1, [1, 4], data.Report, data.Name, CancellationToken.None);

        Assert.Equal(
            [(DashboardPollLoad.Default, 1), (DashboardPollLoad.Default, 4), (DashboardPollLoad.EveryPoll, 1), (DashboardPollLoad.EveryPoll, 4), (DashboardPollLoad.Health, 4)],
            results.Select(r => (r.Request, r.Clients)));
        Assert.All(results, r => Assert.True(r.PerSecond > 0));
        Assert.Contains("5. Dashboard poll over HTTP", data.ReportText);
        Assert.Contains($"| {DashboardPollLoad.EveryPoll} | 4 |", data.ReportText);
    }
}
