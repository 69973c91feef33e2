using System.Net;
using Prison.Db.Identity;

namespace Prison.Web.Tests.SignIn;

/// <summary>Sign-in posts from one address, the second step's included, are limited per minute; opening the forms is not.</summary>
public sealed class SignInRateLimitTests
{
    [Fact]
    public async Task The_posts_past_the_limit_from_one_address_are_refused_with_429_and_a_sentence_while_the_form_still_opens()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), more: "--SignIn:AttemptsPerMinute=3");
        var name = await web.CreateUserAsync(Roles.Staff);
        using var client = web.CreateClient();

        var answers = new List<HttpStatusCode>();
        for (var attempt = 0; attempt < 4; attempt++)
        {
            using var answer = await client.SignInAsync(name, "Wrong-Passw0rd!");
            answers.Add(answer.StatusCode);
        }

        using var refused = await client.SignInAsync(name, SigningIn.Password);
        using var form = await client.GetAsync("/sign-in");

        Assert.Equal([HttpStatusCode.OK, HttpStatusCode.OK, HttpStatusCode.OK, HttpStatusCode.TooManyRequests], answers);
        Assert.Equal(HttpStatusCode.TooManyRequests, refused.StatusCode);
        Assert.Contains("Too many sign-in attempts from this address", await refused.Content.ReadAsStringAsync());
        Assert.Equal(HttpStatusCode.OK, form.StatusCode);
    }

    [Fact]
    public async Task The_second_steps_posts_count_against_the_same_limit_as_the_passwords()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), more: "--SignIn:AttemptsPerMinute=3");
        var name = await web.CreateUserAsync(Roles.Admin);
        Authenticator app;
        using (var enrolling = web.CreateClient())
        {
            // The enrolment's own sign-in is the first post of the minute.
            (await enrolling.SignInAsync(name, SigningIn.Password)).Dispose();
            app = (await TwoFactorPages.EnrolAsync(enrolling)).App;
        }

        using var client = web.CreateClient();
        using var password = await client.SignInAsync(name, SigningIn.Password);
        using var wrong = await TwoFactorPages.PostCodeAsync(client, app.WrongCode());
        using var refused = await TwoFactorPages.PostCodeAsync(client, app.Code());
        using var form = await client.GetAsync(TwoFactorPages.SecondStep);

        Assert.Equal(HttpStatusCode.Redirect, password.StatusCode);
        Assert.Equal(HttpStatusCode.OK, wrong.StatusCode);
        Assert.Equal(HttpStatusCode.TooManyRequests, refused.StatusCode);
        Assert.Contains("Too many sign-in attempts from this address", await refused.Content.ReadAsStringAsync());
        Assert.Equal(HttpStatusCode.OK, form.StatusCode);
    }
}
