using System.Net;
using System.Text.Json;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Pages.Prisoners;

public sealed class VerdictPollTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task The_poll_answers_304_while_the_block_reads_as_the_page_shows_it_and_the_block_itself_otherwise()
    {
        var html = await system.Client.GetStringAsync($"/prisoners/{ArmedNumber}");
        var poll = Html.FirstAttribute(html, "data-verdict-poll")!;
        var stamp = Html.FirstAttribute(html, "data-stamp")!;

        using var unchanged = await system.Client.GetAsync($"{poll}?since={stamp}");
        using var json = JsonDocument.Parse(await system.Client.GetStringAsync(poll));

        Assert.Equal($"/api/prisoners/{system.Ids[ArmedNumber]}/verdict", poll);
        Assert.Equal(HttpStatusCode.NotModified, unchanged.StatusCode);
        var block = json.RootElement;
        Assert.Equal(stamp, block.GetProperty("stamp").GetString());
        Assert.Equal(("Dangerous", "Dangerous", "badge badge-dangerous"), (block.GetProperty("status").GetString(), block.GetProperty("label").GetString(), block.GetProperty("badge").GetString()));
        Assert.Contains("Weapon found in the last 12 months", block.GetProperty("fired").EnumerateArray().Select(f => f.GetProperty("title").GetString()));
        Assert.Equal(Html.TextOf(html, "dd", "data-role=\"evaluated\""), block.GetProperty("evaluated").GetString());
        Assert.Equal(Html.TextOf(html, "dd", "data-role=\"next-reevaluation\""), block.GetProperty("nextReevaluation").GetString());
        Assert.Equal(Html.TextOf(html, "dd", "data-role=\"rule-set\""), block.GetProperty("ruleSet").GetString());
    }

    [Fact]
    public async Task An_unknown_prisoner_answers_404()
    {
        using var response = await system.Client.GetAsync($"/api/prisoners/{Guid.NewGuid()}/verdict");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }
}
