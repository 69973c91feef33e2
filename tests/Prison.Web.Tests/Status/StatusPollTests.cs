using System.Net;
using System.Text.Json;
using Prison.Web.Status;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Status;

public sealed class StatusPollTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task One_request_returns_the_stored_status_of_every_prisoner_asked_for_and_leaves_out_unknown_ids()
    {
        var stranger = Guid.NewGuid();
        var ids = system.Ids.Values.Append(stranger).ToList();

        using var response = await system.Client.GetAsync($"/api/statuses?ids={string.Join(",", ids)}");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        using var json = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        var statuses = json.RootElement.EnumerateArray().ToDictionary(s => s.GetProperty("id").GetGuid());
        Assert.Equal(system.Ids.Values.Order(), statuses.Keys.Order());
        Assert.Equal(["Dangerous", "Dangerous"], Labels(statuses[system.Ids[ArmedNumber]]));
        Assert.Equal(["Weapon found in the last 12 months"], Rules(statuses[system.Ids[ArmedNumber]]).Where(r => r.StartsWith("Weapon", StringComparison.Ordinal)));
        Assert.Equal(["NotDangerous", "Not dangerous"], Labels(statuses[system.Ids[HarmlessNumber]]));
        Assert.Empty(Rules(statuses[system.Ids[HarmlessNumber]]));
        Assert.Equal(["Unknown", "Unknown"], Labels(statuses[system.Ids[UnevaluatedNumber]]));
    }

    [Fact]
    public async Task Spaces_and_empty_entries_between_the_commas_are_ignored()
    {
        var armed = system.Ids[ArmedNumber];

        using var json = JsonDocument.Parse(await system.Client.GetStringAsync($"/api/statuses?ids=,{armed}%20,,"));

        Assert.Equal(armed, Assert.Single(json.RootElement.EnumerateArray()).GetProperty("id").GetGuid());
    }

    [Theory]
    [InlineData("abc", "'abc' is not a prisoner id.")]
    [InlineData("{armed},42", "'42' is not a prisoner id.")]
    [InlineData("{armed};{armed}", "is not a prisoner id.")]
    [InlineData("", "Give between 1 and 100 prisoner ids, separated by commas.")]
    [InlineData(",,", "Give between 1 and 100 prisoner ids, separated by commas.")]
    public async Task Ids_that_are_not_prisoner_ids_are_refused_with_400_and_a_message_that_says_why(string ids, string message)
    {
        ids = ids.Replace("{armed}", system.Ids[ArmedNumber].ToString(), StringComparison.Ordinal);

        var (status, detail) = await RefusalAsync($"/api/statuses?ids={Uri.EscapeDataString(ids)}");

        Assert.Equal(HttpStatusCode.BadRequest, status);
        Assert.Contains(message, detail);
    }

    [Fact]
    public async Task A_request_without_ids_is_refused_with_400()
    {
        var (status, detail) = await RefusalAsync("/api/statuses");

        Assert.Equal(HttpStatusCode.BadRequest, status);
        Assert.Equal("Give between 1 and 100 prisoner ids, separated by commas.", detail);
    }

    [Fact]
    public async Task Up_to_100_ids_are_answered_and_more_are_refused_with_400()
    {
        var hundred = Enumerable.Range(0, StatusPoll.MaxIds - 1).Select(_ => Guid.NewGuid()).Append(system.Ids[ArmedNumber]).ToList();

        using var answered = await system.Client.GetAsync($"/api/statuses?ids={string.Join(",", hundred)}");
        var (status, detail) = await RefusalAsync($"/api/statuses?ids={string.Join(",", hundred.Append(Guid.NewGuid()))}");

        Assert.Equal(HttpStatusCode.OK, answered.StatusCode);
        Assert.Single(JsonDocument.Parse(await answered.Content.ReadAsStringAsync()).RootElement.EnumerateArray());
        Assert.Equal(HttpStatusCode.BadRequest, status);
        Assert.Equal("Give between 1 and 100 prisoner ids, separated by commas.", detail);
    }

    private async Task<(HttpStatusCode Status, string Detail)> RefusalAsync(string url)
    {
        using var response = await system.Client.GetAsync(url);
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        using var problem = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        return (response.StatusCode, problem.RootElement.GetProperty("detail").GetString()!);
    }

    private static string[] Labels(JsonElement status) => [status.GetProperty("status").GetString()!, status.GetProperty("label").GetString()!];

    private static string[] Rules(JsonElement status) => [.. status.GetProperty("rules").EnumerateArray().Select(r => r.GetString()!)];
}
