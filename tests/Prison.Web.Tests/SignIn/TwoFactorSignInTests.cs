using System.Net;
using Prison.Db.Identity;

namespace Prison.Web.Tests.SignIn;

/// <summary>
/// Signing in with two factors: the password, then the authenticator's code or a recovery code on a second step,
/// which alone starts a session. Wrong codes count towards the lockout; every attempt is audited.
/// </summary>
public sealed class TwoFactorSignInTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    [Fact]
    public async Task The_right_password_leads_to_the_second_step_and_only_the_code_signs_in_and_starts_the_session()
    {
        var (name, app, _) = await EnrolledUserAsync(Roles.Admin);
        using var client = system.Web.CreateClient();
        var sessions = await SessionsAsync(name);

        var form = await client.GetStringAsync("/sign-in?ReturnUrl=%2Fadmin%2Fusers");
        using var first = await client.PostAsync("/sign-in", new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["Input.UserName"] = name, ["Input.Password"] = SigningIn.Password, ["ReturnUrl"] = "/admin/users", [NoticePosting.TokenField] = SigningIn.TokenIn(form),
        }));
        using var betweenSteps = await client.GetAsync("/admin/users");
        var sessionsBetweenSteps = await SessionsAsync(name);
        using var second = await TwoFactorPages.PostCodeAsync(client, app.Code(), returnUrl: "/admin/users");
        using var page = await client.GetAsync("/admin/users");

        Assert.Equal($"{TwoFactorPages.SecondStep}?ReturnUrl=%2Fadmin%2Fusers", first.Headers.Location?.OriginalString);
        Assert.Equal("/sign-in", betweenSteps.Headers.Location?.AbsolutePath);
        Assert.Equal(sessions, sessionsBetweenSteps);
        Assert.Equal("/admin/users", second.Headers.Location?.OriginalString);
        Assert.Equal(HttpStatusCode.OK, page.StatusCode);
        Assert.Equal(sessions + 1, await SessionsAsync(name));
        Assert.Equal([["SignedIn", "Signed in with an authenticator code"]], await SignInsAsync(name));
    }

    [Fact]
    public async Task A_wrong_code_is_refused_and_five_wrong_codes_lock_the_account_even_against_the_right_code()
    {
        var (name, app, _) = await EnrolledUserAsync(Roles.Operator);
        using var client = system.Web.CreateClient();
        var sessions = await SessionsAsync(name);
        (await client.SignInAsync(name, SigningIn.Password)).Dispose();

        var answers = await WrongCodesAsync(client, _ => app.WrongCode());

        using var right = await TwoFactorPages.PostCodeAsync(client, app.Code());
        using var passwordAgain = await system.Web.CreateClient().SignInAsync(name, SigningIn.Password);

        Assert.Equal(["wrong", "wrong", "wrong", "wrong", "locked"], answers);
        Assert.Equal(HttpStatusCode.OK, right.StatusCode);
        Assert.Contains("This account is locked", await right.Content.ReadAsStringAsync());
        Assert.Contains("This account is locked", await passwordAgain.Content.ReadAsStringAsync());
        Assert.Equal(sessions, await SessionsAsync(name));
        Assert.Equal(
            [.. Enumerable.Repeat(new[] { "SignInFailed", "Sign-in failed: wrong authenticator code" }, 4),
             ["SignInFailed", "Sign-in failed: locked out"], ["SignInFailed", "Sign-in failed: locked out"], ["SignInFailed", "Sign-in failed: locked out"]],
            await SignInsAsync(name));
    }

    /// <summary>The attack of issue 39: after twelve wrong recovery codes a right one signed in.</summary>
    [Fact]
    public async Task Wrong_recovery_codes_count_toward_the_lockout_and_once_locked_a_right_one_does_not_sign_in()
    {
        var (name, _, codes) = await EnrolledUserAsync(Roles.Staff);
        using var client = system.Web.CreateClient();
        var sessions = await SessionsAsync(name);
        (await client.SignInAsync(name, SigningIn.Password)).Dispose();

        var answers = await WrongCodesAsync(client, attempt => $"WRONG-CODE{attempt}");

        using var right = await TwoFactorPages.PostCodeAsync(client, codes[0]);
        using var passwordAgain = await system.Web.CreateClient().SignInAsync(name, SigningIn.Password);

        Assert.Equal(["wrong", "wrong", "wrong", "wrong", "locked"], answers);
        Assert.Equal(HttpStatusCode.OK, right.StatusCode);
        Assert.Contains("This account is locked", await right.Content.ReadAsStringAsync());
        Assert.Contains("This account is locked", await passwordAgain.Content.ReadAsStringAsync());
        Assert.Equal(sessions, await SessionsAsync(name));
        Assert.Equal(
            [.. Enumerable.Repeat(new[] { "SignInFailed", "Sign-in failed: wrong recovery code" }, 4),
             ["SignInFailed", "Sign-in failed: locked out"], ["SignInFailed", "Sign-in failed: locked out"], ["SignInFailed", "Sign-in failed: locked out"]],
            await SignInsAsync(name));
    }

    [Fact]
    public async Task A_recovery_code_signs_in_once_and_not_twice()
    {
        var (name, _, codes) = await EnrolledUserAsync(Roles.Admin);

        using var first = system.Web.CreateClient();
        using var used = await TwoFactorPages.SignInAsync(first, name, SigningIn.Password, codes[3].ToLowerInvariant());
        using var second = system.Web.CreateClient();
        using var again = await TwoFactorPages.SignInAsync(second, name, SigningIn.Password, codes[3]);
        var left = await first.GetStringAsync(TwoFactorPages.Enrolment);

        Assert.Equal("/", used.Headers.Location?.OriginalString);
        Assert.Equal(HttpStatusCode.OK, again.StatusCode);
        Assert.Contains("That code is wrong, or too old", await again.Content.ReadAsStringAsync());
        Assert.Equal("9", Html.TextOf(left, "strong", "data-role=\"recovery-codes-left\""));
        Assert.Equal(
            [["SignedIn", "Signed in with a recovery code (9 left)"], ["SignInFailed", "Sign-in failed: wrong recovery code"]],
            await SignInsAsync(name));
    }

    [Fact]
    public async Task The_second_step_without_the_password_step_goes_back_to_the_sign_in_form()
    {
        using var client = system.Web.CreateClient();

        using var page = await client.GetAsync(TwoFactorPages.SecondStep);
        var token = SigningIn.TokenIn(await client.GetStringAsync("/sign-in"));
        using var post = await client.PostAsync(TwoFactorPages.SecondStep, new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["Input.Code"] = "123456", [NoticePosting.TokenField] = token,
        }));

        Assert.Equal("/sign-in", page.Headers.Location?.OriginalString);
        Assert.Equal("/sign-in", post.Headers.Location?.OriginalString);
    }

    [Fact]
    public async Task A_user_without_two_factors_still_signs_in_with_the_password_alone()
    {
        var name = await system.Web.CreateUserAsync(Roles.Admin);
        using var client = system.Web.CreateClient();

        using var answer = await client.SignInAsync(name, SigningIn.Password);

        Assert.Equal("/", answer.Headers.Location?.OriginalString);
        Assert.Equal([["SignedIn", "Signed in"]], await SignInsAsync(name, enrolled: false));
    }

    private async Task<(string Name, Authenticator App, IReadOnlyList<string> Codes)> EnrolledUserAsync(string role)
    {
        var name = await system.Web.CreateUserAsync(role);
        using var client = await system.Web.ClientSignedInAsAsync(name);
        var (app, codes) = await TwoFactorPages.EnrolAsync(client, system.Clock);
        return (name, app, codes);
    }

    /// <summary>Five wrong codes on the second step: what each answer said, "wrong" or "locked".</summary>
    private static async Task<List<string>> WrongCodesAsync(HttpClient client, Func<int, string> wrongCode)
    {
        var answers = new List<string>();
        for (var attempt = 1; attempt <= 5; attempt++)
        {
            using var wrong = await TwoFactorPages.PostCodeAsync(client, wrongCode(attempt));
            var html = await wrong.Content.ReadAsStringAsync();
            answers.Add(html.Contains("This account is locked after 5 wrong passwords or codes", StringComparison.Ordinal) ? "locked"
                : html.Contains("That code is wrong, or too old", StringComparison.Ordinal) ? "wrong" : html);
        }

        return answers;
    }

    private Task<long> SessionsAsync(string name) =>
        system.Database.ScalarAsync<long>($"SELECT count(*) FROM staff_session s JOIN staff_user u ON u.id = s.user_id WHERE u.user_name = '{name}'");

    /// <summary>The sign-in entries of <paramref name="name"/>, after the one the enrolment was made in when <paramref name="enrolled"/>.</summary>
    private async Task<string[][]> SignInsAsync(string name, bool enrolled = true) =>
        [.. (await system.Database.RowsAsync($"SELECT action, summary FROM audit_entry WHERE user_name = '{name}' AND action IN ('SignedIn', 'SignInFailed') ORDER BY at, id")).Skip(enrolled ? 1 : 0).Select(r => r.ToArray())];
}
