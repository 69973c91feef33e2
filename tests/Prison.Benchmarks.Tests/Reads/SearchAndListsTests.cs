using Prison.Benchmarks.Reads;

namespace Prison.Benchmarks.Tests.Reads;

public sealed class SearchAndListsTests
{
    [Fact]
    public async Task Times_every_kind_of_search_and_list_page_each_in_one_statement_and_writes_them()
    {
        await using var data = new TinyDataSet();

        var results = await SearchAndLists.RunAsync(data.Prisoners, data.Report, data.Name, CancellationToken.None, maxRuns: 20);

        Assert.Contains(results, r => r.Read == "search: a whole number");
        Assert.Contains(results, r => r.Read == "list: every page, Dangerous");
        Assert.All(results, r => Assert.Equal(1, r.Statements));
        Assert.All(results, r => Assert.NotEmpty(r.Milliseconds));
        Assert.Contains("6. Search and lists", data.ReportText);
    }
}
