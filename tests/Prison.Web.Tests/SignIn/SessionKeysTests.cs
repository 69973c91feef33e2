using System.Net;
using Prison.Db.Identity;

namespace Prison.Web.Tests.SignIn;

/// <summary>The keys that sign the cookies are kept in the database, so a session is good on another web instance.</summary>
public sealed class SessionKeysTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    [Fact]
    public async Task A_session_started_on_one_web_instance_is_accepted_by_another_on_the_same_database()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        var signedIn = new CookieContainer();
        using (var first = system.Web.CreateClient(signedIn))
        using (var signIn = await first.SignInAsync(name, SigningIn.Password))
        {
            Assert.Equal(HttpStatusCode.Redirect, signIn.StatusCode);
        }

        Assert.True(await system.Database.ScalarAsync<long>("SELECT count(*) FROM data_protection_key") >= 1);

        await using var other = await RunningWeb.StartAsync(system.Database, ServerArguments.NewQueuePrefix(), system.Clock);
        var cookies = new CookieContainer();
        foreach (Cookie cookie in signedIn.GetCookies(system.Web.Address))
        {
            cookies.Add(other.Address, new Cookie(cookie.Name, cookie.Value));
        }

        using var second = other.CreateClient(cookies);
        using var answer = await second.GetAsync("/");

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Contains(name, await answer.Content.ReadAsStringAsync());
    }
}
