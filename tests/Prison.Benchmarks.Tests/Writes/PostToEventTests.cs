using Prison.Benchmarks.Writes;

namespace Prison.Benchmarks.Tests.Writes;

public sealed class PostToEventTests
{
    [Fact]
    public async Task Times_every_change_to_its_event_received_by_a_consumer_process_and_reports_each_stage()
    {
        await using var data = new TinyDataSet();

        await PostToEvent.RunAsync(data.Prisoners, rate: 20, seconds: 2, data.Report, data.Name, CancellationToken.None);

        Assert.Contains("commit to event p99", data.ReportText);
        Assert.All(
            ["commit to verdict stored", "verdict stored to the broker's confirm", "verdict stored to receipt", "confirm to receipt", "confirm to the relay's commit"],
            stage => Assert.Contains($"| {stage} | p50 ", data.ReportText));
    }
}
