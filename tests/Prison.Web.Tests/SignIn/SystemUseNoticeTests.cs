using System.Net;
using Prison.Web.SignIn;

namespace Prison.Web.Tests.SignIn;

/// <summary>Everyone sees the system use notification (CJIS AC-8) on the sign-in page, before signing in.</summary>
public sealed class SystemUseNoticeTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    [Fact]
    public async Task The_sign_in_page_says_the_system_is_for_authorised_use_only_and_monitored_before_anyone_signs_in()
    {
        using var client = system.Web.CreateClient();

        var page = await client.GetStringAsync("/sign-in");

        var notice = page.IndexOf("Authorised use only", StringComparison.Ordinal);
        Assert.True(notice >= 0, "The sign-in page shows no system use notice.");
        Assert.True(notice < page.IndexOf("<form", StringComparison.Ordinal), "The notice comes after the form.");
        Assert.Contains("<p>This is a criminal justice information system, for authorised use only. Use of it is monitored, recorded and audited;", page, StringComparison.Ordinal);
        Assert.Contains("By signing in you consent to these conditions.</p>", page, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_notice_is_the_prisons_own_wording_when_configured_one_paragraph_a_line()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var web = await RunningWeb.StartAsync(
            database, ServerArguments.NewQueuePrefix(), more: $"--{SystemUseNotice.TextKey}=Property of the State Department of Correction.\nAuthorised staff only.");
        using var client = web.CreateClient();

        using var answer = await client.GetAsync("/sign-in");
        var page = await answer.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Contains("<p>Property of the State Department of Correction.</p>", page, StringComparison.Ordinal);
        Assert.Contains("<p>Authorised staff only.</p>", page, StringComparison.Ordinal);
        Assert.DoesNotContain("criminal justice information system", page, StringComparison.Ordinal);
    }
}
