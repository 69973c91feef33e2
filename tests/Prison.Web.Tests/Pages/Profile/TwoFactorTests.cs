using System.Net;
using System.Text.RegularExpressions;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Prison.Web.Tests.SignIn;

namespace Prison.Web.Tests.Pages.Profile;

/// <summary>
/// The signed-in user's two-factor page: enrolling with a code made from the shown key (new at each showing) and the
/// password, the recovery codes shown once, the reset.
/// </summary>
public sealed class TwoFactorTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    [Fact]
    public async Task The_page_shows_the_key_as_text_and_as_a_QR_code_in_a_PNG_without_inline_script_or_style()
    {
        using var client = await system.Web.SignedInClientAsync(Roles.Admin);

        using var page = await client.GetAsync(TwoFactorPages.Enrolment);
        var html = await page.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, page.StatusCode);
        Assert.Matches("^([a-z2-7]{4} )+[a-z2-7]{1,4}$", TwoFactorPages.KeyOn(html));
        var image = Regex.Match(html, "<img src=\"data:image/png;base64,([^\"]+)\"[^>]*data-role=\"qr-code\"");
        Assert.True(image.Success, html);
        Assert.Equal("\u0089PNG", System.Text.Encoding.Latin1.GetString(Convert.FromBase64String(System.Net.WebUtility.HtmlDecode(image.Groups[1].Value))[..4]));
        Assert.DoesNotContain("<script>", html);
        Assert.DoesNotContain(" style=", html);
        Assert.Contains("img-src 'self' data:", page.Headers.GetValues("Content-Security-Policy").Single());
    }

    [Fact]
    public async Task Enrolling_with_a_code_from_the_key_turns_two_factor_on_shows_ten_recovery_codes_once_and_is_audited_once()
    {
        var name = await system.Web.CreateUserAsync(Roles.Admin);
        using var client = await SignedInAsync(name);

        var (app, codes) = await TwoFactorPages.EnrolAsync(client, system.Clock);
        var after = await client.GetStringAsync(TwoFactorPages.Enrolment);

        Assert.Equal(app.Key, await StoredKeyAsync(name));
        Assert.Equal(StaffAccounts.RecoveryCodeCount, codes.Distinct().Count());
        Assert.All(codes, code => Assert.Matches("^[A-Z0-9]{5}-[A-Z0-9]{5}$", code));
        Assert.True(await system.Database.ScalarAsync<bool>($"SELECT two_factor_enabled FROM staff_user WHERE user_name = '{name}'"));
        Assert.Equal("10", Html.TextOf(after, "strong", "data-role=\"recovery-codes-left\""));
        Assert.Empty(TwoFactorPages.RecoveryCodesOn(after));
        Assert.Null(TwoFactorPages.KeyOn(after));
        Assert.Equal(
            [[name, name, "Turned on two-factor sign-in with an authenticator app; new recovery codes made"]],
            await AuditAsync(name, "TwoFactorEnrolled"));
    }

    [Fact]
    public async Task A_wrong_code_at_enrolment_changes_nothing_says_so_next_to_the_field_and_shows_a_new_key()
    {
        var name = await system.Web.CreateUserAsync(Roles.Operator);
        using var client = await SignedInAsync(name);
        var page = await client.GetStringAsync(TwoFactorPages.Enrolment);
        var app = new Authenticator(TwoFactorPages.KeyOn(page)!, system.Clock);

        using var refused = await TwoFactorPages.PostEnrolmentAsync(client, page, app.WrongCode());
        var html = await refused.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, refused.StatusCode);
        Assert.StartsWith("That is not a code your app shows for this key", Html.TextById(html, "enrolment-code-error"));
        Assert.Equal(string.Empty, Html.InputValue(html, "Enrolment.Code") ?? string.Empty);
        Assert.NotEqual(app.Key, new Authenticator(TwoFactorPages.KeyOn(html)!).Key);
        Assert.False(await system.Database.ScalarAsync<bool>($"SELECT two_factor_enabled FROM staff_user WHERE user_name = '{name}'"));
        Assert.Empty(await AuditAsync(name, "TwoFactorEnrolled"));
    }

    [Fact]
    public async Task Enrolling_needs_the_password_a_wrong_one_turns_nothing_on_and_shows_a_new_key()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = await SignedInAsync(name);
        var page = await client.GetStringAsync(TwoFactorPages.Enrolment);
        var app = new Authenticator(TwoFactorPages.KeyOn(page)!, system.Clock);

        using var wrong = await TwoFactorPages.PostEnrolmentAsync(client, page, app.Code(), "Wrong-Passw0rd!");
        var wrongHtml = await wrong.Content.ReadAsStringAsync();
        using var missing = await TwoFactorPages.PostEnrolmentAsync(client, wrongHtml, app.Code(), string.Empty);
        var missingHtml = await missing.Content.ReadAsStringAsync();

        Assert.Equal("The password is wrong.", Html.TextById(wrongHtml, "enrolment-password-error"));
        Assert.Equal("Enter your password to turn two-factor sign-in on.", Html.TextById(missingHtml, "enrolment-password-error"));
        Assert.Equal(string.Empty, Html.InputValue(wrongHtml, "Enrolment.Password") ?? string.Empty);
        Assert.NotEqual(app.Key, new Authenticator(TwoFactorPages.KeyOn(wrongHtml)!).Key);
        Assert.False(await system.Database.ScalarAsync<bool>($"SELECT two_factor_enabled FROM staff_user WHERE user_name = '{name}'"));
        Assert.Equal(1, await system.Database.ScalarAsync<int>($"SELECT access_failed_count FROM staff_user WHERE user_name = '{name}'"));
        Assert.Empty(await AuditAsync(name, "TwoFactorEnrolled"));
    }

    /// <summary>The attack of issue 39: wrong passwords here were not audited, and the lockout reached here left the sessions open.</summary>
    [Fact]
    public async Task Five_wrong_passwords_here_are_audited_lock_the_account_and_end_every_session_as_on_the_password_page()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = await system.Web.ClientSignedInAsAsync(name);
        using var elsewhere = await system.Web.ClientSignedInAsAsync(name);

        var answers = new List<string>();
        for (var attempt = 1; attempt <= StaffIdentity.MaxFailedSignIns; attempt++)
        {
            var page = await client.GetStringAsync(TwoFactorPages.Enrolment);
            using var answer = await TwoFactorPages.PostEnrolmentAsync(client, page, new Authenticator(TwoFactorPages.KeyOn(page)!, system.Clock).Code(), $"Wrong-Passw0rd-{attempt}");
            answers.Add(answer.StatusCode == HttpStatusCode.Redirect ? answer.Headers.Location!.OriginalString : $"{(int)answer.StatusCode}");
        }

        var other = await Eventually.Async(
            async () => (await elsewhere.GetAsync("/")).Headers.Location?.AbsolutePath, path => path == "/sign-in", "the other session to end", TimeSpan.FromSeconds(10));
        using var withRightPassword = await system.Web.CreateClient().SignInAsync(name, SigningIn.Password);

        Assert.Equal([.. Enumerable.Repeat("200", StaffIdentity.MaxFailedSignIns - 1), "/sign-in"], answers);
        Assert.Equal("/sign-in", (await client.GetAsync("/")).Headers.Location?.AbsolutePath);
        Assert.Equal("/sign-in", other);
        Assert.Contains("This account is locked", await withRightPassword.Content.ReadAsStringAsync());
        Assert.Equal(
            [.. Enumerable.Repeat("Their password, to turn on two-factor sign-in, refused: wrong password", StaffIdentity.MaxFailedSignIns - 1),
             "Their password, to turn on two-factor sign-in, refused: wrong password; the account is locked, its sessions ended"],
            (await system.Database.RowsAsync($"SELECT summary FROM audit_entry WHERE action = 'OwnPasswordRefused' AND subject_user_name = '{name}' ORDER BY at, id")).Select(r => r[0]));
        Assert.Empty(await AuditAsync(name, "TwoFactorEnrolled"));
    }

    [Fact]
    public async Task Each_session_is_shown_a_key_of_its_own_and_a_key_another_session_was_shown_enrols_nothing()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var owner = await SignedInAsync(name);
        using var other = await SignedInAsync(name);

        var otherPage = await other.GetStringAsync(TwoFactorPages.Enrolment);
        var ownerPage = await owner.GetStringAsync(TwoFactorPages.Enrolment);
        var otherApp = new Authenticator(TwoFactorPages.KeyOn(otherPage)!, system.Clock);
        var ownerKey = new Authenticator(TwoFactorPages.KeyOn(ownerPage)!).Key;
        using var stale = await TwoFactorPages.PostEnrolmentAsync(other, otherPage, otherApp.Code());
        var (ownerApp, _) = await TwoFactorPages.EnrolAsync(owner, system.Clock);

        Assert.NotEqual(otherApp.Key, ownerKey);
        Assert.StartsWith("That is not a code your app shows for this key", Html.TextById(await stale.Content.ReadAsStringAsync(), "enrolment-code-error"));
        Assert.Equal(ownerApp.Key, await StoredKeyAsync(name));
        Assert.NotEqual(otherApp.Key, ownerApp.Key);
    }

    [Fact]
    public async Task A_key_made_after_the_code_was_checked_is_not_the_one_turned_on()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        string key;
        await using (var scope = system.Web.Services.CreateAsyncScope())
        {
            key = await scope.ServiceProvider.GetRequiredService<StaffAccounts>().NewAuthenticatorKeyAsync(name);
        }

        // The enrolment's request has read the user and the key (its unit of work keeps them) when a page opened in
        // another browser makes a new key: the rival's write lands between the check of the code and the turning on.
        await using var enrolling = system.Web.Services.CreateAsyncScope();
        var users = enrolling.ServiceProvider.GetRequiredService<StaffUserManager>();
        var accounts = enrolling.ServiceProvider.GetRequiredService<StaffAccounts>();
        var user = await users.FindByNameAsync(name);
        Assert.Equal(key, await users.GetAuthenticatorKeyAsync(user!));
        await using (var rival = system.Web.Services.CreateAsyncScope())
        {
            await rival.ServiceProvider.GetRequiredService<StaffAccounts>().NewAuthenticatorKeyAsync(name);
        }

        var codes = await accounts.EnrolTwoFactorAsync(name, new Authenticator(key, system.Clock).Code());

        Assert.Null(codes);
        Assert.False(await system.Database.ScalarAsync<bool>($"SELECT two_factor_enabled FROM staff_user WHERE user_name = '{name}'"));
    }

    [Fact]
    public async Task Enrolling_ends_the_users_other_sessions_and_this_browser_goes_on()
    {
        var name = await system.Web.CreateUserAsync(Roles.Admin);
        using var here = await SignedInAsync(name);
        using var elsewhere = await SignedInAsync(name);

        await TwoFactorPages.EnrolAsync(here, system.Clock);

        var other = await Eventually.Async(
            async () => (await elsewhere.GetAsync("/")).Headers.Location?.AbsolutePath, path => path == "/sign-in", "the other session to end", TimeSpan.FromSeconds(10));
        using var page = await here.GetAsync("/admin/users");
        Assert.Equal("/sign-in", other);
        Assert.Equal(HttpStatusCode.OK, page.StatusCode);
    }

    [Fact]
    public async Task Resetting_asks_for_the_password_then_turns_two_factor_off_with_a_new_key_so_the_old_app_signs_in_no_more()
    {
        var name = await system.Web.CreateUserAsync(Roles.Admin);
        using var client = await SignedInAsync(name);
        var (app, _) = await TwoFactorPages.EnrolAsync(client, system.Clock);

        using var wrong = await TwoFactorPages.PostResetAsync(client, "Wrong-Passw0rd!");
        var wrongHtml = await wrong.Content.ReadAsStringAsync();
        Assert.Equal("The password is wrong.", Html.TextById(wrongHtml, "reset-password-error"));
        Assert.True(await system.Database.ScalarAsync<bool>($"SELECT two_factor_enabled FROM staff_user WHERE user_name = '{name}'"));

        using var reset = await TwoFactorPages.PostResetAsync(client, SigningIn.Password);
        var after = await client.GetStringAsync(reset.Headers.Location!.OriginalString);
        using var passwordAlone = await system.Web.CreateClient().SignInAsync(name, SigningIn.Password);

        Assert.Equal(HttpStatusCode.Redirect, reset.StatusCode);
        Assert.Contains("Two-factor sign-in is off and its key replaced", after);
        Assert.NotEqual(app.Key, new Authenticator(TwoFactorPages.KeyOn(after)!).Key);
        Assert.Equal(new Authenticator(TwoFactorPages.KeyOn(after)!).Key, await StoredKeyAsync(name));
        Assert.False(await system.Database.ScalarAsync<bool>($"SELECT two_factor_enabled FROM staff_user WHERE user_name = '{name}'"));
        Assert.Equal("/", passwordAlone.Headers.Location?.OriginalString);
        Assert.Equal(
            [[name, name, "Turned off their own two-factor sign-in; the authenticator key is replaced"]],
            await AuditAsync(name, "TwoFactorReset"));
    }

    [Fact]
    public async Task The_page_needs_a_signed_in_user()
    {
        using var anonymous = system.Web.CreateClient();

        using var page = await anonymous.GetAsync(TwoFactorPages.Enrolment);

        Assert.Equal("/sign-in", page.Headers.Location?.AbsolutePath);
    }

    private async Task<HttpClient> SignedInAsync(string name) => await system.Web.ClientSignedInAsAsync(name);

    /// <summary>The authenticator key kept for <paramref name="name"/>, as Identity reads it.</summary>
    private async Task<string?> StoredKeyAsync(string name)
    {
        await using var scope = system.Web.Services.CreateAsyncScope();
        var users = scope.ServiceProvider.GetRequiredService<StaffUserManager>();
        return await users.GetAuthenticatorKeyAsync((await users.FindByNameAsync(name))!);
    }

    private async Task<string[][]> AuditAsync(string subject, string action) =>
        [.. (await system.Database.RowsAsync($"SELECT user_name, subject_user_name, summary FROM audit_entry WHERE subject_user_name = '{subject}' AND action = '{action}'")).Select(r => r.ToArray())];
}
