using System.Net;
using Prison.Db.Identity;
using Prison.Web.SignIn;
using Prison.ServiceDefaults;

namespace Prison.Web.Tests.SignIn;

/// <summary>
/// With SignIn:RequireTwoFactorFor=Admin,Operator, an admin or operator who has not enrolled an authenticator is sent
/// to the enrolment page from every other page until they have; signing out still works, and Staff are not concerned.
/// Without the setting, outside the embedded mode, every role is.
/// </summary>
public sealed class TwoFactorEnrolmentGateTests(TwoFactorGateWeb gate) : IClassFixture<TwoFactorGateWeb>
{
    private const string Poll = "/api/prisons/P1/dashboard";

    private readonly ScratchDatabase _database = gate.Database;

    private readonly RunningWeb _web = gate.Web;

    [Theory]
    [InlineData(Roles.Admin, "/admin/users")]
    [InlineData(Roles.Operator, "/operations")]
    public async Task A_user_of_such_a_role_without_two_factors_is_sent_to_enrol_from_every_page_and_the_polls_get_403(string role, string ownPage)
    {
        using var client = await _web.SignedInClientAsync(role);

        var redirects = new List<string?>();
        foreach (var path in new[] { "/", ownPage, "/password", "/operations/jobs" })
        {
            using var answer = await client.GetAsync(path);
            redirects.Add(answer.StatusCode == HttpStatusCode.Redirect ? answer.Headers.Location?.OriginalString : $"{(int)answer.StatusCode}");
        }

        using var poll = await client.GetAsync(Poll);
        var enrolment = await client.GetStringAsync(SignInPaths.TwoFactorEnrolment);

        Assert.All(redirects, location => Assert.Equal(SignInPaths.TwoFactorEnrolment, location));
        Assert.Equal(HttpStatusCode.Forbidden, poll.StatusCode);
        Assert.Contains($"Your role ({role}) signs in with two factors", Html.TextOf(enrolment, "p", "data-role=\"enrolment-required\""));
    }

    [Fact]
    public async Task Signing_out_still_works_and_ends_the_session()
    {
        using var client = await _web.SignedInClientAsync(Roles.Admin);

        var token = SigningIn.TokenIn(await client.GetStringAsync(SignInPaths.SignOut));
        using var signedOut = await client.PostAsync(SignInPaths.SignOut, new FormUrlEncodedContent(new Dictionary<string, string> { [NoticePosting.TokenField] = token }));
        using var afterwards = await client.GetAsync(SignInPaths.TwoFactorEnrolment);

        Assert.Equal(SignInPaths.SignIn, signedOut.Headers.Location?.OriginalString);
        Assert.Equal("/sign-in", afterwards.Headers.Location?.AbsolutePath);
    }

    [Fact]
    public async Task Once_enrolled_the_pages_open_in_this_browser_and_at_the_next_sign_in_with_a_code()
    {
        var name = await _web.CreateUserAsync(Roles.Admin);
        using var client = await _web.ClientSignedInAsAsync(name);

        var (app, _) = await TwoFactorPages.EnrolAsync(client);
        using var here = await client.GetAsync("/admin/users");
        using var next = _web.CreateClient();
        using var signedIn = await TwoFactorPages.SignInAsync(next, name, SigningIn.Password, app.Code());
        using var there = await next.GetAsync("/admin/users");

        Assert.Equal(HttpStatusCode.OK, here.StatusCode);
        Assert.Equal(HttpStatusCode.Redirect, signedIn.StatusCode);
        Assert.Equal(HttpStatusCode.OK, there.StatusCode);
    }

    [Fact]
    public async Task Staff_are_not_concerned()
    {
        using var client = await _web.SignedInClientAsync(Roles.Staff);

        using var start = await client.GetAsync("/");

        Assert.Equal(HttpStatusCode.OK, start.StatusCode);
    }

    [Fact]
    public async Task A_role_that_does_not_exist_stops_the_start_with_a_sentence_naming_the_setting()
    {
        var error = await Assert.ThrowsAsync<StartupException>(() =>
            RunningWeb.StartAsync(_database, ServerArguments.NewQueuePrefix(), more: $"--{TwoFactorRequirement.Key}=Admin,Warden"));

        Assert.Equal($"{TwoFactorRequirement.Key} names 'Warden', which is not a role. The roles are Staff, Admin, Operator (or 'none').", error.Message);
    }

    [Fact]
    public async Task None_beside_a_role_stops_the_start_with_a_sentence_naming_the_setting()
    {
        var error = await Assert.ThrowsAsync<StartupException>(() =>
            RunningWeb.StartAsync(_database, ServerArguments.NewQueuePrefix(), more: $"--{TwoFactorRequirement.Key}=none,Admin"));

        Assert.Equal($"{TwoFactorRequirement.Key} names 'none' beside roles: give 'none' alone, or the roles that must sign in with two factors.", error.Message);
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    public async Task Outside_the_embedded_mode_without_the_setting_every_role_Staff_included_is_sent_to_enrol(string? blank)
    {
        string[] setting = blank is null ? [] : [$"--{TwoFactorRequirement.Key}={blank}"];
        await using var web = await RunningWeb.StartAsIsAsync(
            ServerArguments.For(_database, ServerArguments.NewQueuePrefix(), [RunningWeb.InsecureCookies, RunningWeb.ManySignIns, .. setting]));

        var redirects = new List<string?>();
        foreach (var role in Roles.All)
        {
            using var client = await web.SignedInClientAsync(role);
            using var start = await client.GetAsync("/");
            redirects.Add(start.Headers.Location?.OriginalString);
        }

        Assert.Equal([SignInPaths.TwoFactorEnrolment, SignInPaths.TwoFactorEnrolment, SignInPaths.TwoFactorEnrolment], redirects);
    }

    [Fact]
    public async Task None_lets_every_role_sign_in_with_the_password_alone()
    {
        await using var web = await RunningWeb.StartAsIsAsync(
            ServerArguments.For(_database, ServerArguments.NewQueuePrefix(), [RunningWeb.InsecureCookies, RunningWeb.ManySignIns, $"--{TwoFactorRequirement.Key}=None"]));
        using var client = await web.SignedInClientAsync(Roles.Staff);

        using var start = await client.GetAsync("/");

        Assert.Equal(HttpStatusCode.OK, start.StatusCode);
    }
}
