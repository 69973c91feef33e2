using System.Net;
using Prison.Db.Identity;
using Prison.Web.Tests.SignIn;

namespace Prison.Web.Tests.Pages.Admin;

/// <summary>
/// Every act of the users page leaves exactly one audit entry saying who (the admin), whom and what; a refused one a
/// "refused" entry where the admin tried something on their own account or a Staff user posted there, and none where
/// the change itself was refused; and the audit page shows them in words.
/// </summary>
public sealed class UsersAuditTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    [Fact]
    public async Task Each_act_on_the_users_page_leaves_one_entry_with_the_admin_the_user_and_what_was_done()
    {
        var admin = await system.Web.CreateUserAsync(Roles.Admin);
        using var client = await system.Web.ClientSignedInAsAsync(admin);
        var name = $"audited-{Guid.NewGuid().ToString("N")[..6]}";

        await PostAsync(client, "Add", null, [new("NewUser.UserName", name), new("NewUser.Roles", Roles.Staff), new("NewUser.AllPrisons", "true")]);
        await PostAsync(client, "Roles", name, [new("roles", Roles.Staff), new("roles", Roles.Operator)]);
        await PostAsync(client, "Prisons", name, [new("prisons", "P1")]);
        await PostAsync(client, "Disable", name, []);
        await PostAsync(client, "Enable", name, []);
        await PostAsync(client, "ResetPassword", name, []);
        await system.Database.ExecuteAsync($"UPDATE staff_user SET two_factor_enabled = true WHERE user_name = '{name}'");
        await PostAsync(client, "ResetTwoFactor", name, []);

        Assert.Equal(
            [
                [admin, "UserAdded", $"Added the user {name} with the role(s) Staff, working in all prisons", "", "{\"Roles\":[\"Staff\"],\"Prisons\":\"all\"}"],
                [admin, "UserRolesChanged", $"Gave {name} the role(s) Staff, Operator (had Staff); their sessions ended", "{\"Roles\":[\"Staff\"]}", "{\"Roles\":[\"Staff\",\"Operator\"]}"],
                [admin, "PrisonsAssigned", $"Gave {name} the prison P1 (had all prisons); their sessions ended", "{\"Prisons\":\"all\"}", "{\"Prisons\":[\"P1\"]}"],
                [admin, "UserDisabled", $"Disabled {name}; their sessions ended", "{\"Disabled\":false}", "{\"Disabled\":true}"],
                [admin, "UserEnabled", $"Enabled {name}", "{\"Disabled\":true}", "{\"Disabled\":false}"],
                [admin, "PasswordReset", $"Reset the password of {name}; a lockout lifted, their sessions ended", "", ""],
                [admin, "TwoFactorReset", $"Reset the two-factor sign-in of {name}: turned off, the authenticator key replaced", "{\"TwoFactor\":true}", "{\"TwoFactor\":false}"],
            ],
            await AboutAsync(name));
    }

    [Fact]
    public async Task An_admin_disabling_themself_or_taking_their_own_Admin_role_is_refused_and_each_refusal_is_audited_once()
    {
        var admin = await system.Web.CreateUserAsync(Roles.Admin);
        using var client = await system.Web.ClientSignedInAsAsync(admin);

        await PostAsync(client, "Disable", admin, []);
        await PostAsync(client, "Roles", admin, [new("roles", Roles.Staff)]);

        // The test made the admin outside any request: that entry names the process.
        Assert.Equal(
            [
                ["worker", "UserAdded"],
                [admin, "Refused", "Refused: disable their own account", "", ""],
                [admin, "Refused", "Refused: take the Admin role from their own account", "", ""],
            ],
            (await AboutAsync(admin)).Select(e => e[1] == "UserAdded" ? e[..2] : e));
        Assert.False(await system.Database.ScalarAsync<bool>($"SELECT is_disabled FROM staff_user WHERE user_name = '{admin}'"));
    }

    [Fact]
    public async Task A_change_the_accounts_refuse_leaves_no_entry()
    {
        var admin = await system.Web.CreateUserAsync(Roles.Admin);
        using var client = await system.Web.ClientSignedInAsAsync(admin);
        var taken = await system.Web.CreateUserAsync(Roles.Staff);
        var before = await system.Database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE action <> 'AuditViewed'");

        await PostAsync(client, "Add", null, [new("NewUser.UserName", taken), new("NewUser.Roles", Roles.Admin)]);
        await PostAsync(client, "Add", null, [new("NewUser.UserName", "no-role-given")]);
        await PostAsync(client, "Disable", "nobody-by-that-name", []);
        await PostAsync(client, "ResetTwoFactor", taken, []);

        Assert.Equal(before, await system.Database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE action <> 'AuditViewed'"));
    }

    [Fact]
    public async Task A_Staff_users_post_to_the_users_page_is_refused_with_403_and_audited_with_what_they_asked_for()
    {
        var staff = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = await system.Web.ClientSignedInAsAsync(staff);
        var victim = await system.Web.CreateUserAsync(Roles.Admin);
        var token = SigningIn.TokenIn(await client.GetStringAsync("/password"));

        using var refused = await client.PostAsync($"/admin/users?handler=Disable&name={victim}", new FormUrlEncodedContent(new Dictionary<string, string> { [NoticePosting.TokenField] = token }));

        Assert.Equal("/access-denied", refused.Headers.Location?.AbsolutePath);
        Assert.False(await system.Database.ScalarAsync<bool>($"SELECT is_disabled FROM staff_user WHERE user_name = '{victim}'"));
        Assert.Equal(
            [["Refused", $"Refused: POST /admin/users?handler=Disable&name={victim}, which the role(s) Staff do not open"]],
            (await system.Database.RowsAsync($"SELECT action, summary FROM audit_entry WHERE user_name = '{staff}' AND action <> 'SignedIn'")).Select(r => r.ToArray()));
    }

    [Fact]
    public async Task The_audit_page_shows_the_acts_on_a_user_in_words_and_its_own_reading_is_audited()
    {
        var admin = await system.Web.CreateUserAsync(Roles.Admin);
        using var client = await system.Web.ClientSignedInAsAsync(admin);
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        await PostAsync(client, "Disable", name, []);

        var html = await client.GetStringAsync($"/admin/audit?about={name}");
        var rows = AuditRow.In(html);

        var disabled = Assert.Single(rows, r => r.Action == "User disabled");
        Assert.Equal((admin, $"user {name}", $"Disabled {name}; their sessions ended"), (disabled.User, disabled.Prisoner, disabled.Summary));
        Assert.Equal(["Disabled: false → true"], disabled.Changes);
        Assert.Contains(rows, r => r.Action == "User added" && r.Summary == $"Added the user {name} with the role(s) Staff, working in all prisons");
        Assert.Equal(name, Html.InputValue(html, "about"));
        Assert.Equal(
            [["AuditViewed", $"Read the audit log: about user {name}"]],
            (await system.Database.RowsAsync($"SELECT action, summary FROM audit_entry WHERE user_name = '{admin}' AND action = 'AuditViewed'")).Select(r => r.ToArray()));
    }

    [Fact]
    public async Task An_admin_resetting_their_own_two_factor_sign_in_from_the_users_page_is_refused_pointed_to_their_own_page_and_audited()
    {
        var admin = await system.Web.CreateUserAsync(Roles.Admin);
        using var client = await system.Web.ClientSignedInAsAsync(admin);
        await TwoFactorPages.EnrolAsync(client, system.Clock);

        await PostAsync(client, "ResetTwoFactor", admin, []);
        var page = await client.GetStringAsync("/admin/users");
        await PostAsync(client, "ResetTwoFactor", $" {admin.ToUpperInvariant()}", []);

        Assert.Contains("Turn off your own two-factor sign-in on the Two-factor sign-in page (/two-factor), which asks for your password.", page);
        Assert.True(await system.Database.ScalarAsync<bool>($"SELECT two_factor_enabled FROM staff_user WHERE user_name = '{admin}'"));
        Assert.Equal(
            [[admin, "TwoFactorEnrolled"], [admin, "Refused", "Refused: reset their own two-factor sign-in from the users page", "", ""], [admin, "Refused", "Refused: reset their own two-factor sign-in from the users page", "", ""]],
            (await AboutAsync(admin)).Where(e => e[1] != "UserAdded").Select(e => e[1] == "TwoFactorEnrolled" ? e[..2] : e));
        Assert.Equal(2L, await system.Database.ScalarAsync<long>(
            $"SELECT count(*) FROM audit_entry WHERE user_name = '{admin}' AND summary = 'Refused: reset their own two-factor sign-in from the users page'"));
    }

    /// <summary>The entries about <paramref name="name"/>: who, what, the summary, and the values before and after ("" for none).</summary>
    private async Task<string[][]> AboutAsync(string name) =>
        [.. (await system.Database.RowsAsync(
            $"SELECT user_name, action, summary, coalesce(before_values, ''), coalesce(after_values, '') FROM audit_entry WHERE subject_user_name = '{name}' ORDER BY at, id")).Select(r => r.ToArray())];

    private static async Task PostAsync(HttpClient admin, string handler, string? name, List<KeyValuePair<string, string>> fields)
    {
        var token = SigningIn.TokenIn(await admin.GetStringAsync("/admin/users"));
        fields.Add(new(NoticePosting.TokenField, token));
        var url = $"/admin/users?handler={handler}" + (name is null ? string.Empty : $"&name={Uri.EscapeDataString(name)}");
        using var response = await admin.PostAsync(url, new FormUrlEncodedContent(fields));
        Assert.True(response.StatusCode is HttpStatusCode.OK or HttpStatusCode.Redirect, $"{url} answered {(int)response.StatusCode}");
    }
}
