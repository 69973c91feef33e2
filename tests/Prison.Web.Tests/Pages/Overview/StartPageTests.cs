using System.Net;
using System.Text.RegularExpressions;
using Prison.Db.Identity;

namespace Prison.Web.Tests.Pages.Overview;

/// <summary>The start page shows each role what it may open, and every link on it opens for that role.</summary>
public sealed class StartPageTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Theory]
    [InlineData(Roles.Staff, true, false, false)]
    [InlineData(Roles.Admin, true, true, false)]
    [InlineData(Roles.Operator, false, false, true)]
    public async Task The_start_page_offers_each_role_only_the_pages_it_may_open(string role, bool prisons, bool administration, bool operations)
    {
        using var client = await system.Web.SignedInClientAsync(role);

        var home = await client.GetStringAsync("/");

        var main = Regex.Match(home, "<main\\b.*</main>", RegexOptions.Singleline).Value;
        var links = Regex.Matches(main, "href=\"(/[^\"]*)\"").Select(m => WebUtility.HtmlDecode(m.Groups[1].Value)).Distinct().ToList();
        Assert.Equal(prisons, links.Contains($"/prisons/{ProductionFixture.FirstPrison}"));
        Assert.Equal(administration, links.Contains("/admin/users"));
        Assert.Equal(operations, links.Contains("/operations"));
        foreach (var link in links)
        {
            using var opened = await client.GetAsync(link);
            Assert.True(opened.StatusCode == HttpStatusCode.OK, $"{link} on the start page answers {(int)opened.StatusCode} to {role}");
        }
    }

    [Fact]
    public async Task Signed_in_users_see_the_version_in_the_footer_and_the_sign_in_page_does_not_tell_it()
    {
        using var anonymous = system.Web.CreateClient();

        var home = await system.Client.GetStringAsync("/");
        var signIn = await anonymous.GetStringAsync("/sign-in");

        Assert.Equal(Prison.ServiceDefaults.ProductVersion.Text, Html.TextOf(home, "span", "data-role=\"version\""));
        Assert.DoesNotContain("data-role=\"version\"", signIn);
        Assert.DoesNotContain(Prison.ServiceDefaults.ProductVersion.Number, signIn);
    }
}
