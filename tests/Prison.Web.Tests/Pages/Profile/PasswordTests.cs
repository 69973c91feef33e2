using System.Net;
using Prison.Db.Identity;
using Prison.Web.Tests.SignIn;

namespace Prison.Web.Tests.Pages.Profile;

/// <summary>A user changes their own password: the current one is required, and their other sessions end.</summary>
public sealed class PasswordTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    private const string NewPassword = "Another-Passw0rd-2026";

    [Fact]
    public async Task A_wrong_current_password_changes_nothing_and_says_so_next_to_the_field()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = system.Web.CreateClient();
        (await client.SignInAsync(name, SigningIn.Password)).Dispose();

        using var refused = await PostAsync(client, "Wrong-Passw0rd!", NewPassword, NewPassword);
        var html = await refused.Content.ReadAsStringAsync();
        using var again = system.Web.CreateClient();
        using var oldStillWorks = await again.SignInAsync(name, SigningIn.Password);

        Assert.Equal(HttpStatusCode.OK, refused.StatusCode);
        Assert.Equal("The current password is wrong.", Html.TextById(html, "current-password-error"));
        Assert.Equal(string.Empty, Html.InputValue(html, "Input.NewPassword") ?? string.Empty);
        Assert.Equal(HttpStatusCode.Redirect, oldStillWorks.StatusCode);
    }

    [Fact]
    public async Task Two_different_new_passwords_are_refused()
    {
        using var client = await system.Web.SignedInClientAsync(Roles.Staff);

        using var refused = await PostAsync(client, SigningIn.Password, NewPassword, NewPassword + "x");

        Assert.Equal("The two new passwords differ.", Html.TextById(await refused.Content.ReadAsStringAsync(), "confirm-password-error"));
    }

    [Fact]
    public async Task A_changed_password_ends_the_users_other_sessions_keeps_this_one_and_replaces_the_old_password()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var here = system.Web.CreateClient();
        using var elsewhere = system.Web.CreateClient();
        (await here.SignInAsync(name, SigningIn.Password)).Dispose();
        (await elsewhere.SignInAsync(name, SigningIn.Password)).Dispose();

        using var changed = await PostAsync(here, SigningIn.Password, NewPassword, NewPassword);
        var confirmation = await here.GetStringAsync(changed.Headers.Location!.OriginalString);
        var other = await Eventually.Async(
            async () => (await elsewhere.GetAsync("/")).Headers.Location?.AbsolutePath, path => path == "/sign-in", "the other session to end", TimeSpan.FromSeconds(10));
        using var page = await here.GetAsync("/");
        using var withOld = await system.Web.CreateClient().SignInAsync(name, SigningIn.Password);
        using var withNew = await system.Web.CreateClient().SignInAsync(name, NewPassword);

        Assert.Equal(HttpStatusCode.Redirect, changed.StatusCode);
        Assert.Contains("Your password is changed.", confirmation);
        Assert.Equal("/sign-in", other);
        Assert.Equal(HttpStatusCode.OK, page.StatusCode);
        Assert.Equal(HttpStatusCode.OK, withOld.StatusCode);
        Assert.Equal(HttpStatusCode.Redirect, withNew.StatusCode);
    }

    [Fact]
    public async Task A_changed_password_is_audited_once_and_each_refused_change_as_refused_with_why()
    {
        var name = await system.Web.CreateUserAsync(Roles.Operator);
        using var client = await system.Web.ClientSignedInAsAsync(name);

        (await PostAsync(client, "Wrong-Passw0rd!", NewPassword, NewPassword)).Dispose();
        (await PostAsync(client, SigningIn.Password, "weak", "weak")).Dispose();
        (await PostAsync(client, SigningIn.Password, NewPassword, NewPassword)).Dispose();

        var entries = await system.Database.RowsAsync(
            $"SELECT action, user_name, subject_user_name, summary FROM audit_entry WHERE action IN ('PasswordChanged', 'PasswordChangeRefused') AND subject_user_name = '{name}' ORDER BY at, id");
        Assert.Equal(
            [
                ["PasswordChangeRefused", name, name, "A change of their own password refused: wrong current password"],
                ["PasswordChangeRefused", name, name, "A change of their own password refused: the new password is too weak"],
                ["PasswordChanged", name, name, "Changed their own password; their other sessions ended"],
            ],
            entries.Select(e => e.ToArray()));
    }

    [Fact]
    public async Task Five_wrong_current_passwords_lock_the_account_as_at_sign_in_sign_out_every_session_and_are_audited()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = await system.Web.ClientSignedInAsAsync(name);
        using var elsewhere = await system.Web.ClientSignedInAsAsync(name);

        var answers = new List<string>();
        for (var attempt = 1; attempt <= StaffIdentity.MaxFailedSignIns; attempt++)
        {
            using var answer = await PostAsync(client, $"Wrong-Passw0rd-{attempt}", NewPassword, NewPassword);
            answers.Add(answer.StatusCode == HttpStatusCode.Redirect
                ? answer.Headers.Location!.OriginalString
                : Html.TextById(await answer.Content.ReadAsStringAsync(), "current-password-error") ?? $"{(int)answer.StatusCode}");
        }

        using var page = await client.GetAsync("/");
        var other = await Eventually.Async(
            async () => (await elsewhere.GetAsync("/")).Headers.Location?.AbsolutePath, path => path == "/sign-in", "the other session to end", TimeSpan.FromSeconds(10));
        using var withRightPassword = await system.Web.CreateClient().SignInAsync(name, SigningIn.Password);

        Assert.Equal([.. Enumerable.Repeat("The current password is wrong.", StaffIdentity.MaxFailedSignIns - 1), "/sign-in"], answers);
        Assert.Equal("/sign-in", page.Headers.Location?.AbsolutePath);
        Assert.Equal("/sign-in", other);
        Assert.Contains("This account is locked", await withRightPassword.Content.ReadAsStringAsync());
        Assert.Equal(
            StaffIdentity.MaxFailedSignIns,
            await system.Database.ScalarAsync<long>($"SELECT count(*) FROM audit_entry WHERE action = 'PasswordChangeRefused' AND subject_user_name = '{name}'"));
        Assert.Equal(
            "A change of their own password refused: wrong current password; the account is locked, its sessions ended",
            await system.Database.ScalarAsync<string>($"SELECT summary FROM audit_entry WHERE action = 'PasswordChangeRefused' AND subject_user_name = '{name}' ORDER BY at DESC, id DESC LIMIT 1"));
    }

    [Fact]
    public async Task Wrong_passwords_at_sign_in_and_on_this_page_count_together_toward_the_lockout()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = await system.Web.ClientSignedInAsAsync(name);
        for (var attempt = 1; attempt < StaffIdentity.MaxFailedSignIns; attempt++)
        {
            (await PostAsync(client, $"Wrong-Passw0rd-{attempt}", NewPassword, NewPassword)).Dispose();
        }

        using var atSignIn = await system.Web.CreateClient().SignInAsync(name, "Wrong-Passw0rd!");

        Assert.Contains("This account is locked", await atSignIn.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task A_user_with_two_factors_who_changes_their_password_stays_signed_in_as_enrolled()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), more: "--SignIn:RequireTwoFactorFor=Admin");
        var name = await web.CreateUserAsync(Roles.Admin);
        using var client = await web.ClientSignedInAsAsync(name);
        await TwoFactorPages.EnrolAsync(client);

        using var changed = await PostAsync(client, SigningIn.Password, NewPassword, NewPassword);
        using var page = await client.GetAsync("/admin/users");

        Assert.Equal(HttpStatusCode.Redirect, changed.StatusCode);
        Assert.Equal(HttpStatusCode.OK, page.StatusCode);
    }

    [Fact]
    public async Task The_page_needs_a_signed_in_user()
    {
        using var anonymous = system.Web.CreateClient();

        using var page = await anonymous.GetAsync("/password");

        Assert.Equal("/sign-in", page.Headers.Location?.AbsolutePath);
    }

    internal static async Task<HttpResponseMessage> PostAsync(HttpClient client, string current, string next, string confirm)
    {
        var token = SigningIn.TokenIn(await client.GetStringAsync("/password"));
        return await client.PostAsync("/password", new FormUrlEncodedContent(
        [
            new(NoticePosting.TokenField, token), new("Input.CurrentPassword", current), new("Input.NewPassword", next), new("Input.ConfirmPassword", confirm),
        ]));
    }
}
