using System.Net;
using System.Text.Json;
using Prison.Web.Tests.Pages.Prisoners;

namespace Prison.Web.Tests.Hosting;

public sealed class ProductionModeTests
{
    [Fact]
    public async Task A_notice_posted_through_the_form_reaches_the_worker_over_RabbitMQ_and_its_verdict_lands_in_the_database_and_the_poll()
    {
        await using var system = await ProductionFixture.StartAsync();
        var number = ProductionFixture.HarmlessNumber;
        var id = system.Ids[number];
        var before = await system.StoredAsync(number);
        Assert.Equal("NotDangerous", before[0]);
        var today = system.Today.ToString("yyyy-MM-dd");

        var (_, token) = await NoticePosting.OpenAsync(system.Client, number);
        using var posted = await NoticePosting.PostAsync(system.Client, number, token, "Weapon", today, "a blade taped under the bunk");

        Assert.Equal(HttpStatusCode.Redirect, posted.StatusCode);
        Assert.Equal($"/prisoners/{number}", posted.Headers.Location?.OriginalString);
        var page = await system.Client.GetStringAsync(posted.Headers.Location);
        Assert.Equal($"Weapon notice of {today} recorded. The danger status is being evaluated again.", Html.TextOf(page, "p", "class=\"saved\""));

        var stored = await Eventually.Async(() => system.StoredAsync(number), row => row[0] != "Unknown", $"the worker's verdict on {number}", TimeSpan.FromSeconds(20));
        Assert.Equal("Dangerous", stored[0]);
        Assert.Contains("WeaponFoundInLast12Months", stored[1].Split(' '));
        Assert.Equal(long.Parse(before[2], System.Globalization.CultureInfo.InvariantCulture) + 1, long.Parse(stored[2], System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal(1, await system.NoticeCountAsync(number));

        using var poll = JsonDocument.Parse(await system.Client.GetStringAsync($"/api/prisoners/{id}/verdict"));
        var verdict = poll.RootElement;
        Assert.Equal("Dangerous", verdict.GetProperty("status").GetString());
        Assert.Equal("Dangerous", verdict.GetProperty("label").GetString());
        Assert.Contains("Weapon found in the last 12 months", verdict.GetProperty("fired").EnumerateArray().Select(r => r.GetProperty("title").GetString()));
    }
}
