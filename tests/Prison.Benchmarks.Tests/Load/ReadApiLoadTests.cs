using Prison.Benchmarks.Load;

namespace Prison.Benchmarks.Tests.Load;

public sealed class ReadApiLoadTests
{
    [Fact]
    public async Task Reads_verdicts_and_Dangerous_lists_with_a_token_for_concurrent_clients_and_writes_their_rates()
    {
        await using var data = new TinyDataSet();

        // The run throws if any answer was not 200 OK (a refused token, a 429 of the rate limit, a 404).
        var results = await ReadApiLoad.RunAsync(data.Prisoners, 1, [1, 4], data.Report, data.Name, CancellationToken.None);

        Assert.Equal(
            [(ReadApiLoad.Verdict, 1), (ReadApiLoad.Verdict, 4), (ReadApiLoad.DangerousList, 1), (ReadApiLoad.DangerousList, 4)],
            results.Select(r => (r.Request, r.Clients)));
        Assert.All(results, r => Assert.True(r.PerSecond > 0));
        Assert.Contains("11. Read API over HTTP", data.ReportText);
        Assert.Contains($"| {ReadApiLoad.Verdict} | 4 |", data.ReportText);
        Assert.Contains("| read API, one prisoner's verdict, 200 prisoners, 1 client(s) |", data.ReportText);
    }
}
