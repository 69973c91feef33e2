using Prison.Db.Identity;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Pages.Prisoners;

public sealed class SearchPageTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task A_number_finds_its_prisoner_with_their_badges_and_where_they_are_held()
    {
        var html = await system.Client.GetStringAsync($"/search?q={ArmedNumber.ToLowerInvariant()}");

        var row = Assert.Single(Html.ArrivalRows(html));
        Assert.Equal(ArmedNumber, row.Cells[0]);
        Assert.Equal($"Prisoner {ArmedNumber}", row.Cells[1]);
        Assert.Equal($"Prison 1 since {system.Today.AddDays(-2):yyyy-MM-dd}", row.Cells[2]);
        Assert.Equal("Dangerous", row.Cells[4]);
        Assert.Contains("Weapon found in the last 12 months", row.Cells[5]);
        Assert.Contains($"<input id=\"search-q\" name=\"q\" type=\"search\" value=\"{ArmedNumber.ToLowerInvariant()}\"", html);
    }

    [Fact]
    public async Task A_start_of_a_number_finds_every_prisoner_whose_number_starts_so_the_released_one_too()
    {
        var rows = Html.ArrivalRows(await system.Client.GetStringAsync("/search?q=A11"));

        Assert.Equal(["A110", "A111", "A112", "A113"], rows.Select(r => r.Cells[0]));
        Assert.Equal("Not in custody", rows.Single(r => r.Cells[0] == ReleasedNumber).Cells[2]);
    }

    [Theory]
    [InlineData("", "Type a prisoner's number")]
    [InlineData("zzz", "No prisoner's number or name starts with “zzz”.")]
    [InlineData("?!", "“?!” has no letter or digit to look for.")]
    public async Task A_search_that_finds_nobody_says_why(string query, string says)
    {
        var html = await system.Client.GetStringAsync($"/search?q={Uri.EscapeDataString(query)}");

        Assert.Empty(Html.ArrivalRows(html));
        Assert.Contains(says, Html.Text(html));
    }

    [Fact]
    public async Task Every_page_of_staff_has_the_search_box_in_its_header_and_the_operators_pages_do_not()
    {
        using var operatorClient = await system.Web.SignedInClientAsync(Roles.Operator);

        foreach (var page in new[] { "/", $"/prisons/{FirstPrison}", $"/prisoners/{HarmlessNumber}", $"/prisons/{FirstPrison}/prisoners", "/search?q=a" })
        {
            var html = await system.Client.GetStringAsync(page);
            Assert.Contains("<form class=\"site-search\" method=\"get\" action=\"/search\" role=\"search\"", html);
        }

        Assert.DoesNotContain("site-search", await operatorClient.GetStringAsync("/"));
    }

    [Fact]
    public async Task A_search_longer_than_the_longest_kept_is_cut_before_a_character_of_two_units_not_through_it()
    {
        var query = new string('a', Web.Pages.Prisoners.SearchModel.MaxQueryLength - 1) + "😀";

        using var answer = await system.Client.GetAsync($"/search?q={Uri.EscapeDataString(query)}");

        Assert.Equal(System.Net.HttpStatusCode.OK, answer.StatusCode);
        Assert.Contains($"value=\"{new string('a', Web.Pages.Prisoners.SearchModel.MaxQueryLength - 1)}\"", await answer.Content.ReadAsStringAsync());
    }
}
