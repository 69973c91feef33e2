namespace Prison.Benchmarks.Tests.Data;

public sealed class BenchDatabaseTests
{
    [Fact]
    public async Task Keeps_a_generated_data_set_for_the_next_run()
    {
        await using var data = new TinyDataSet();

        var first = await data.Database.EnsureReadyAsync(CancellationToken.None);
        var second = await data.Database.EnsureReadyAsync(CancellationToken.None);

        Assert.Contains("generated 200 prisoners", first);
        Assert.Contains("kept from an earlier run", second);
        Assert.Equal(0, await data.Database.ScalarAsync<long>("SELECT COUNT(*) FROM prisoner WHERE danger_status = 'Unknown'", CancellationToken.None));
    }
}
