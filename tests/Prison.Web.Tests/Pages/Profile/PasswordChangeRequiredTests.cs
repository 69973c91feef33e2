using System.Net;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Prison.Web.SignIn;
using Prison.Web.Tests.SignIn;

namespace Prison.Web.Tests.Pages.Profile;

/// <summary>
/// A password someone else set (the users page, <c>users add</c>, an admin's reset) is changed at the first sign-in,
/// before any other page opens; and no new password is one of the most common ones.
/// </summary>
public sealed class PasswordChangeRequiredTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    private const string Poll = "/api/prisons/P1/dashboard";

    private const string OwnPassword = "Own-Chosen-Passw0rd-77";

    [Fact]
    public async Task A_user_added_with_a_password_someone_else_chose_is_sent_to_change_it_from_every_page_and_the_polls_get_403_until_they_have()
    {
        var name = $"added-{Guid.NewGuid():N}"[..16];
        await using (var scope = system.Web.Services.CreateAsyncScope())
        {
            await scope.ServiceProvider.GetRequiredService<StaffAccounts>().AddAsync(name, [Roles.Staff], SigningIn.Password, PrisonAccess.All);
        }

        using var client = await system.Web.ClientSignedInAsAsync(name);
        var redirects = new List<string?>();
        foreach (var path in new[] { "/", "/prisons/P1" })
        {
            using var answer = await client.GetAsync(path);
            redirects.Add(answer.StatusCode == HttpStatusCode.Redirect ? answer.Headers.Location?.OriginalString : $"{(int)answer.StatusCode}");
        }

        using var poll = await client.GetAsync(Poll);
        var page = await client.GetStringAsync(SignInPaths.Password);
        using var changed = await PasswordTests.PostAsync(client, SigningIn.Password, OwnPassword, OwnPassword);
        using var home = await client.GetAsync("/");
        using var pollAfter = await client.GetAsync(Poll);

        Assert.All(redirects, location => Assert.Equal(SignInPaths.Password, location));
        Assert.Equal(HttpStatusCode.Forbidden, poll.StatusCode);
        Assert.Equal("Your password was set by someone else. Choose your own before going on.", Html.TextOf(page, "p", "data-role=\"change-required\""));
        Assert.Equal(HttpStatusCode.Redirect, changed.StatusCode);
        Assert.Equal(HttpStatusCode.OK, home.StatusCode);
        Assert.Equal(HttpStatusCode.OK, pollAfter.StatusCode);
        Assert.False(await system.Database.ScalarAsync<bool>($"SELECT must_change_password FROM staff_user WHERE user_name = '{name}'"));
    }

    [Fact]
    public async Task A_password_an_admin_reset_is_changed_at_the_next_sign_in_and_the_same_one_again_is_refused()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        string reset;
        await using (var scope = system.Web.Services.CreateAsyncScope())
        {
            reset = await scope.ServiceProvider.GetRequiredService<StaffAccounts>().ResetPasswordAsync(name);
        }

        using var client = await system.Web.ClientSignedInAsAsync(name, reset);
        using var home = await client.GetAsync("/");
        using var same = await PasswordTests.PostAsync(client, reset, reset, reset);
        using var stillSent = await client.GetAsync("/");

        Assert.Equal(SignInPaths.Password, home.Headers.Location?.OriginalString);
        Assert.Equal("Choose a new password other than the current one.", Html.TextById(await same.Content.ReadAsStringAsync(), "new-password-error"));
        Assert.Equal(SignInPaths.Password, stillSent.Headers.Location?.OriginalString);
        Assert.Equal(
            "A change of their own password refused: the new password is the current one",
            await system.Database.ScalarAsync<string>($"SELECT summary FROM audit_entry WHERE action = 'PasswordChangeRefused' AND subject_user_name = '{name}'"));
    }

    [Theory]
    [InlineData("Password123!")]
    [InlineData("P@ssw0rd2024!")]
    [InlineData("Summer2024!!")]
    public async Task A_common_password_with_digits_and_symbols_around_it_is_refused_as_a_new_password(string common)
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = await system.Web.ClientSignedInAsAsync(name);

        using var refused = await PasswordTests.PostAsync(client, SigningIn.Password, common, common);
        using var withOld = await system.Web.CreateClient().SignInAsync(name, SigningIn.Password);

        Assert.Equal(
            "Passwords like this one are among the most common (a common word or name, perhaps with digits or symbols around it): choose another.",
            Html.TextById(await refused.Content.ReadAsStringAsync(), "new-password-error"));
        Assert.Equal(HttpStatusCode.Redirect, withOld.StatusCode);
    }
}
