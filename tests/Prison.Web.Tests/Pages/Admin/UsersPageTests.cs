using Microsoft.EntityFrameworkCore;
using System.Net;
using System.Text.RegularExpressions;
using Prison.Db.Identity;
using Prison.Web.Tests.SignIn;

namespace Prison.Web.Tests.Pages.Admin;

/// <summary>The admin's users page: add with roles, the password shown once, disable, reset, change roles.</summary>
public sealed class UsersPageTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    [Fact]
    public async Task An_admin_adds_a_user_with_a_role_and_the_shown_password_signs_them_in_to_change_it_first()
    {
        using var admin = await system.Web.SignedInClientAsync(Roles.Admin);
        var name = $"new-{Guid.NewGuid().ToString("N")[..6]}";

        var html = await PostAsync(admin, "Add", null, [new("NewUser.UserName", name), new("NewUser.Roles", Roles.Operator)]);

        var password = Password(html)!;
        using var client = system.Web.CreateClient();
        using var signedIn = await client.SignInAsync(name, password);
        Assert.Equal(HttpStatusCode.Redirect, signedIn.StatusCode);
        Assert.Equal("/password", (await client.GetAsync("/operations")).Headers.Location?.OriginalString);
        Assert.Equal(HttpStatusCode.Redirect, (await client.ChangePasswordAsync(password, "Their-Own-Passw0rd-5")).StatusCode);
        Assert.Equal(HttpStatusCode.OK, (await client.GetAsync("/operations")).StatusCode);
        Assert.Null(Password(await admin.GetStringAsync("/admin/users"), required: false));
    }

    [Theory]
    [InlineData("", "Staff", "new-user-name-error", "Give the user a name.")]
    [InlineData("two words", "Staff", "new-user-name-error", "A user name has only letters, digits and . - _, without spaces")]
    [InlineData("someone@example.org", "Staff", "new-user-name-error", "A user name has only letters, digits and . - _, without spaces")]
    [InlineData("{65}", "Staff", "new-user-name-error", "A user name has at most 64 characters: this one has 65.")]
    [InlineData("{300}", "Staff", "new-user-name-error", "A user name has at most 64 characters: this one has 300.")]
    [InlineData("keeps-typed", null, "new-user-roles-error", "Give at least one role")]
    public async Task A_refused_new_user_keeps_what_was_typed_says_why_next_to_the_field_and_adds_nobody(string name, string? role, string errorId, string message)
    {
        name = name is ['{', .., '}'] ? new string('n', int.Parse(name[1..^1], System.Globalization.CultureInfo.InvariantCulture)) : name;
        using var admin = await system.Web.SignedInClientAsync(Roles.Admin);
        var before = await system.Database.ScalarAsync<long>("SELECT count(*) FROM staff_user");
        var fields = new List<KeyValuePair<string, string>> { new("NewUser.UserName", name) };
        if (role is not null)
        {
            fields.Add(new("NewUser.Roles", role));
        }

        var html = await PostAsync(admin, "Add", null, fields);

        Assert.StartsWith(message, Html.TextById(html, errorId));
        Assert.Equal(name, Html.InputValue(html, "NewUser.UserName") ?? string.Empty);
        Assert.Equal(before, await system.Database.ScalarAsync<long>("SELECT count(*) FROM staff_user"));
    }

    [Fact]
    public async Task A_name_of_64_letters_digits_and_dot_dash_underscore_is_taken_and_the_field_says_how_long_a_name_may_be()
    {
        using var admin = await system.Web.SignedInClientAsync(Roles.Admin);
        var name = $"a.b-c_{Guid.NewGuid():N}".PadRight(UserNames.MaxLength, '9');

        var html = await PostAsync(admin, "Add", null, [new("NewUser.UserName", name), new("NewUser.Roles", Roles.Staff), new("NewUser.AllPrisons", "true")]);

        Assert.NotNull(Password(html));
        Assert.Equal(1L, await system.Database.ScalarAsync<long>($"SELECT count(*) FROM staff_user WHERE user_name = '{name}'"));
        Assert.Matches("<input[^>]*\\bname=\"NewUser.UserName\"[^>]*\\bmaxlength=\"64\"|<input[^>]*\\bmaxlength=\"64\"[^>]*\\bname=\"NewUser.UserName\"", html);
    }

    [Fact]
    public async Task A_refused_name_is_marked_invalid_and_summed_up_at_the_top_with_a_link_to_the_field()
    {
        using var admin = await system.Web.SignedInClientAsync(Roles.Admin);

        var html = await PostAsync(admin, "Add", null, [new("NewUser.UserName", "two words"), new("NewUser.Roles", Roles.Staff)]);

        Assert.Matches("<input[^>]*\\bname=\"NewUser.UserName\"[^>]*\\baria-invalid=\"true\"", html);
        Assert.Matches("<div class=\"error-summary\"[^>]*>.*<a href=\"#NewUser_UserName\">A user name has only", html.Replace("\n", " ", StringComparison.Ordinal));
    }

    [Fact]
    public async Task A_taken_name_is_refused_next_to_the_name()
    {
        using var admin = await system.Web.SignedInClientAsync(Roles.Admin);
        var taken = await system.Web.CreateUserAsync(Roles.Staff);

        var html = await PostAsync(admin, "Add", null, [new("NewUser.UserName", taken.ToUpperInvariant()), new("NewUser.Roles", Roles.Admin)]);

        Assert.Equal($"A user called '{taken.ToUpperInvariant()}' exists already.", Html.TextById(html, "new-user-name-error"));
    }

    [Fact]
    public async Task Disabling_stops_a_user_signing_in_and_enabling_lets_them_again()
    {
        using var admin = await system.Web.SignedInClientAsync(Roles.Admin);
        var name = await system.Web.CreateUserAsync(Roles.Staff);

        var listed = await PostAsync(admin, "Disable", name, []);
        using var client = system.Web.CreateClient();
        using var refused = await client.SignInAsync(name, SigningIn.Password);
        await PostAsync(admin, "Enable", name, []);
        using var accepted = await client.SignInAsync(name, SigningIn.Password);

        Assert.Equal(HttpStatusCode.OK, refused.StatusCode);
        Assert.Contains($"Disabled {name}", listed);
        Assert.Matches($"<tr data-user=\"{name}\">(?:(?!</tr>).)*<td>yes</td>", listed.Replace("\n", " ", StringComparison.Ordinal));
        Assert.Equal(HttpStatusCode.Redirect, accepted.StatusCode);
    }

    [Fact]
    public async Task Resetting_a_password_shows_the_new_one_once_and_the_old_one_stops_working()
    {
        using var admin = await system.Web.SignedInClientAsync(Roles.Admin);
        var name = await system.Web.CreateUserAsync(Roles.Staff);

        var password = Password(await PostAsync(admin, "ResetPassword", name, []))!;

        using var client = system.Web.CreateClient();
        using (var old = await client.SignInAsync(name, SigningIn.Password))
        {
            Assert.Equal(HttpStatusCode.OK, old.StatusCode);
        }

        using var renewed = await client.SignInAsync(name, password);
        Assert.Equal(HttpStatusCode.Redirect, renewed.StatusCode);
    }

    [Fact]
    public async Task Changing_roles_gives_exactly_the_checked_roles()
    {
        using var admin = await system.Web.SignedInClientAsync(Roles.Admin);
        var name = await system.Web.CreateUserAsync(Roles.Staff);

        await PostAsync(admin, "Roles", name, [new("roles", Roles.Operator), new("roles", Roles.Admin)]);

        var roles = await system.Database.RowsAsync($"SELECT r.name FROM staff_user_role ur JOIN staff_role r ON r.id = ur.role_id JOIN staff_user u ON u.id = ur.user_id WHERE u.user_name = '{name}' ORDER BY r.name");
        Assert.Equal(["Admin", "Operator"], roles.Select(r => r[0]));
    }

    [Fact]
    public async Task An_admin_cannot_disable_themselves()
    {
        var name = await system.Web.CreateUserAsync(Roles.Admin);
        using var admin = system.Web.CreateClient();
        (await admin.SignInAsync(name, SigningIn.Password)).Dispose();

        var html = await PostAsync(admin, "Disable", name, []);

        Assert.False(await system.Database.ScalarAsync<bool>($"SELECT is_disabled FROM staff_user WHERE user_name = '{name}'"));
        Assert.Contains("You cannot disable your own account", html);
    }

    [Fact]
    public async Task Changing_prisons_gives_exactly_the_checked_ones_ends_the_users_open_session_and_leaves_one_audit_entry()
    {
        using var admin = await system.Web.SignedInClientAsync(Roles.Admin);
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var user = await system.Web.ClientSignedInAsAsync(name);
        Assert.Equal(HttpStatusCode.OK, (await user.GetAsync("/")).StatusCode);

        var listed = await PostAsync(admin, "Prisons", name, [new("prisons", "P1")]);

        Assert.Contains($"{name} now works in P1", WebUtility.HtmlDecode(listed));
        Assert.Equal("P1", Html.TextOf(Row(listed, name), "span", "data-role=\"prisons\""));
        Assert.Equal([["1"]], await system.Database.RowsAsync($"SELECT p.prison_id FROM staff_user_prison p JOIN staff_user u ON u.id = p.user_id WHERE u.user_name = '{name}'"));
        Assert.Equal(
            [["PrisonsAssigned", $"Gave {name} the prison P1 (had all prisons); their sessions ended"]],
            await system.Database.RowsAsync($"SELECT action, summary FROM audit_entry WHERE action = 'PrisonsAssigned' AND summary LIKE 'Gave {name} %'"));

        // The clock stands still: no stamp check comes; the ended session is read from the database.
        var ended = await Eventually.Async(
            async () => (await user.GetAsync("/")).Headers.Location?.AbsolutePath, path => path == "/sign-in", "the user's session to end", TimeSpan.FromSeconds(10));
        Assert.Equal("/sign-in", ended);
    }

    [Fact]
    public async Task An_admin_of_some_prisons_cannot_give_all_prisons_nor_a_prison_they_do_not_work_in()
    {
        await using (var db = system.Database.Open())
        {
            db.Prisons.Add(Records.Prison(6));
            await db.SaveChangesAsync();
        }

        var adminName = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Admin);
        using var admin = await system.Web.ClientSignedInAsAsync(adminName);
        var name = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Staff);

        var page = await admin.GetStringAsync("/admin/users");
        var all = await PostAsync(admin, "Prisons", name, [new("allPrisons", "true")]);
        var other = await PostAsync(admin, "Prisons", name, [new("prisons", "P6")]);
        var added = await PostAsync(admin, "Add", null, [new("NewUser.UserName", $"wide-{Guid.NewGuid():N}"[..13]), new("NewUser.Roles", Roles.Staff), new("NewUser.AllPrisons", "true")]);
        var own = await PostAsync(admin, "Prisons", name, [new("prisons", "P1")]);

        Assert.DoesNotContain("name=\"allPrisons\"", page);
        Assert.DoesNotContain("value=\"P6\"", page);
        const string refusal = "You can give only the prisons you work in yourself: an admin of all prisons gives the others.";
        Assert.Contains(refusal, WebUtility.HtmlDecode(all));
        Assert.Contains(refusal, WebUtility.HtmlDecode(other));
        Assert.Equal(refusal, Html.TextById(added, "new-user-prisons-error"));
        Assert.Null(Password(added, required: false));
        Assert.Contains($"{name} now works in P1", WebUtility.HtmlDecode(own));
        Assert.Equal(1L, await system.Database.ScalarAsync<long>($"SELECT count(*) FROM audit_entry WHERE action = 'PrisonsAssigned' AND summary LIKE 'Gave {name} %'"));
        Assert.Equal(
            ["Refused: give all prisons, beyond the prisons they work in", "Refused: give P6, beyond the prisons they work in", "Refused: give all prisons, beyond the prisons they work in"],
            (await system.Database.RowsAsync($"SELECT summary FROM audit_entry WHERE user_name = '{adminName}' AND action = 'Refused' ORDER BY at, id")).Select(r => r[0]));
    }

    [Fact]
    public async Task An_admin_of_some_prisons_cannot_manage_a_user_who_works_beyond_them_and_each_try_is_audited()
    {
        var adminName = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Admin);
        using var admin = await system.Web.ClientSignedInAsAsync(adminName);
        var headquarters = await system.Web.CreateUserAsync(Roles.Admin);
        var hashBefore = await system.Database.ScalarAsync<string>($"SELECT password_hash FROM staff_user WHERE user_name = '{headquarters}'");

        var answers = new List<string>
        {
            await PostAsync(admin, "ResetPassword", headquarters, []),
            await PostAsync(admin, "Disable", headquarters, []),
            await PostAsync(admin, "Roles", headquarters, [new("roles", Roles.Staff)]),
            await PostAsync(admin, "ResetTwoFactor", headquarters, []),
            await PostAsync(admin, "Prisons", headquarters, [new("prisons", "P1")]),
        };

        const string refusal = "You can manage only users who work within your prisons: an admin of all prisons manages the others.";
        Assert.All(answers, html => Assert.Contains(refusal, WebUtility.HtmlDecode(html)));
        Assert.Equal(hashBefore, await system.Database.ScalarAsync<string>($"SELECT password_hash FROM staff_user WHERE user_name = '{headquarters}'"));
        Assert.Equal([["Admin"]], await system.Database.RowsAsync(
            $"SELECT r.name FROM staff_role r JOIN staff_user_role ur ON ur.role_id = r.id JOIN staff_user u ON u.id = ur.user_id WHERE u.user_name = '{headquarters}'"));
        Assert.Equal(5L, await system.Database.ScalarAsync<long>(
            $"SELECT count(*) FROM audit_entry WHERE user_name = '{adminName}' AND action = 'Refused' AND summary = 'Refused: manage {headquarters}, who works beyond the prisons they work in'"));
        Assert.Equal(0L, await system.Database.ScalarAsync<long>(
            $"SELECT count(*) FROM audit_entry WHERE subject_user_name = '{headquarters}' AND action <> 'Refused' AND action <> 'UserAdded'"));
        using var stillThere = await system.Web.ClientSignedInAsAsync(headquarters);
        Assert.Equal(HttpStatusCode.OK, (await stillThere.GetAsync("/admin/users")).StatusCode);
    }

    [Fact]
    public async Task An_admin_of_some_prisons_cannot_manage_an_operator_of_no_prison_nor_grant_Admin_or_Operator_to_anyone_themself_included()
    {
        var adminName = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Admin);
        using var admin = await system.Web.ClientSignedInAsAsync(adminName);
        var operatorName = $"op-{Guid.NewGuid():N}"[..11];
        await system.Web.Services.CreateUserAsync(operatorName, [Roles.Operator], prisons: PrisonAccess.None);
        var staffName = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Staff);
        var operatorHash = await system.Database.ScalarAsync<string>($"SELECT password_hash FROM staff_user WHERE user_name = '{operatorName}'");

        var reset = await PostAsync(admin, "ResetPassword", operatorName, []);
        var disabled = await PostAsync(admin, "Disable", operatorName, []);
        var ownRoles = await PostAsync(admin, "Roles", adminName, [new("roles", Roles.Admin), new("roles", Roles.Operator)]);
        var promoted = await PostAsync(admin, "Roles", staffName, [new("roles", Roles.Staff), new("roles", Roles.Admin)]);
        var added = await PostAsync(admin, "Add", null, [new("NewUser.UserName", $"op-{Guid.NewGuid():N}"[..11]), new("NewUser.Roles", Roles.Operator), new("NewUser.Prisons", "P1")]);

        Assert.Null(Password(reset, required: false));
        Assert.Contains("You can manage only users who work within your prisons", WebUtility.HtmlDecode(reset));
        Assert.Contains("You can manage only users who work within your prisons", WebUtility.HtmlDecode(disabled));
        Assert.Contains("You cannot give the role(s) Operator: only an admin of all prisons gives Admin and Operator.", WebUtility.HtmlDecode(ownRoles));
        Assert.Contains("You cannot give the role(s) Admin: only an admin of all prisons gives Admin and Operator.", WebUtility.HtmlDecode(promoted));
        Assert.Equal("You cannot give the role(s) Operator: only an admin of all prisons gives Admin and Operator.", Html.TextById(added, "new-user-roles-error"));
        Assert.Null(Password(added, required: false));
        Assert.Equal(operatorHash, await system.Database.ScalarAsync<string>($"SELECT password_hash FROM staff_user WHERE user_name = '{operatorName}'"));
        Assert.False(await system.Database.ScalarAsync<bool>($"SELECT is_disabled FROM staff_user WHERE user_name = '{operatorName}'"));
        Assert.Equal([["Admin"]], await RolesOfAsync(adminName));
        Assert.Equal([["Staff"]], await RolesOfAsync(staffName));
        Assert.Equal(5L, await system.Database.ScalarAsync<long>($"SELECT count(*) FROM audit_entry WHERE user_name = '{adminName}' AND action = 'Refused'"));
        Assert.Equal("/access-denied", (await admin.GetAsync("/operations")).Headers.Location?.AbsolutePath);
    }

    [Fact]
    public async Task An_admin_of_some_prisons_sees_only_the_accounts_they_manage()
    {
        await using (var db = system.Database.Open())
        {
            if (!await db.Prisons.AnyAsync(p => p.Id == 7))
            {
                db.Prisons.Add(Records.Prison(7));
                await db.SaveChangesAsync();
            }
        }

        var adminName = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Admin);
        using var admin = await system.Web.ClientSignedInAsAsync(adminName);
        var fellowAdmin = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Admin);
        var staffHere = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Staff);
        var staffElsewhere = await system.Web.CreateUserOfPrisonsAsync(["P7"], Roles.Staff);
        var staffOfBoth = await system.Web.CreateUserOfPrisonsAsync(["P1", "P7"], Roles.Staff);
        var headquarters = await system.Web.CreateUserAsync(Roles.Admin);
        var operatorHere = $"op-{Guid.NewGuid():N}"[..11];
        await system.Web.Services.CreateUserAsync(operatorHere, [Roles.Operator], prisons: PrisonAccess.Only(["P1"]));

        var page = await admin.GetStringAsync("/admin/users");
        var headquartersPage = await (await system.Web.SignedInClientAsync(Roles.Admin)).GetStringAsync("/admin/users");

        var listed = Regex.Matches(page, "<tr data-user=\"([^\"]+)\">").Select(m => m.Groups[1].Value).ToHashSet();
        Assert.Superset(new HashSet<string> { adminName, fellowAdmin, staffHere }, listed);
        Assert.DoesNotContain(staffElsewhere, listed);
        Assert.DoesNotContain(staffOfBoth, listed);
        Assert.DoesNotContain(headquarters, listed);
        Assert.DoesNotContain(operatorHere, listed);
        Assert.DoesNotContain($"data-user=\"{headquarters}\"", page);
        Assert.All(new[] { staffElsewhere, staffOfBoth, headquarters, operatorHere }, name => Assert.Contains($"data-user=\"{name}\"", headquartersPage));
    }

    [Fact]
    public async Task An_admin_of_some_prisons_cannot_reset_the_password_or_second_factor_of_a_fellow_admin_so_cannot_sign_in_as_them()
    {
        var adminName = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Admin);
        using var admin = await system.Web.ClientSignedInAsAsync(adminName);
        var fellow = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Admin);
        await system.Database.ExecuteAsync($"UPDATE staff_user SET two_factor_enabled = TRUE WHERE user_name = '{fellow}'");
        var hashBefore = await system.Database.ScalarAsync<string>($"SELECT password_hash FROM staff_user WHERE user_name = '{fellow}'");
        var page = await admin.GetStringAsync("/admin/users");

        using var reset = await PostForbiddenAsync(admin, "ResetPassword", fellow);
        using var resetTwoFactor = await PostForbiddenAsync(admin, "ResetTwoFactor", fellow);

        Assert.Equal(HttpStatusCode.Forbidden, reset.StatusCode);
        Assert.Equal(HttpStatusCode.Forbidden, resetTwoFactor.StatusCode);
        var refusal = $"Only an admin of all prisons may reset the password of {fellow}, an admin: whoever resets it could sign in as them.";
        Assert.Contains(refusal, WebUtility.HtmlDecode(await reset.Content.ReadAsStringAsync()));
        Assert.Null(Password(await reset.Content.ReadAsStringAsync(), required: false));
        Assert.DoesNotContain($"Reset the password of {fellow}", page);
        Assert.Equal(hashBefore, await system.Database.ScalarAsync<string>($"SELECT password_hash FROM staff_user WHERE user_name = '{fellow}'"));
        Assert.True(await system.Database.ScalarAsync<bool>($"SELECT two_factor_enabled FROM staff_user WHERE user_name = '{fellow}'"));
        Assert.Equal(
            [$"Refused: reset the password of {fellow}, an admin, which only an admin of all prisons may do", $"Refused: reset the two-factor sign-in of {fellow}, an admin, which only an admin of all prisons may do"],
            (await system.Database.RowsAsync($"SELECT summary FROM audit_entry WHERE user_name = '{adminName}' AND action = 'Refused' ORDER BY at, id")).Select(r => r[0]));
        var staff = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Staff);
        Assert.NotNull(Password(await PostAsync(admin, "ResetPassword", staff, [])));
    }

    private static async Task<HttpResponseMessage> PostForbiddenAsync(HttpClient admin, string handler, string name)
    {
        var token = SigningIn.TokenIn(await admin.GetStringAsync("/admin/users"));
        return await admin.PostAsync($"/admin/users?handler={handler}&name={Uri.EscapeDataString(name)}", new FormUrlEncodedContent([new(NoticePosting.TokenField, token)]));
    }

    [Theory]
    [InlineData(" {0}")]
    [InlineData("{0} ")]
    [InlineData("{0}")]
    public async Task An_admin_cannot_disable_demote_or_reset_the_second_factor_of_themself_however_their_name_is_written(string written)
    {
        var name = await system.Web.CreateUserAsync(Roles.Admin);
        using var admin = await system.Web.ClientSignedInAsAsync(name);
        var typed = string.Format(System.Globalization.CultureInfo.InvariantCulture, written, name.ToUpperInvariant());

        var disabled = await PostAsync(admin, "Disable", typed, []);
        var demoted = await PostAsync(admin, "Roles", typed, [new("roles", Roles.Staff)]);
        var reset = await PostAsync(admin, "ResetTwoFactor", typed, []);

        Assert.Contains("You cannot disable your own account", disabled);
        Assert.Contains("You cannot take the Admin role from yourself", demoted);
        Assert.Contains("Turn off your own two-factor sign-in on the Two-factor sign-in page (/two-factor), which asks for your password.", WebUtility.HtmlDecode(reset));
        Assert.False(await system.Database.ScalarAsync<bool>($"SELECT is_disabled FROM staff_user WHERE user_name = '{name}'"));
        Assert.Equal([["Admin"]], await RolesOfAsync(name));
        Assert.Equal(
            ["Refused: disable their own account", "Refused: take the Admin role from their own account", "Refused: reset their own two-factor sign-in from the users page"],
            (await system.Database.RowsAsync($"SELECT summary FROM audit_entry WHERE user_name = '{name}' AND action = 'Refused' ORDER BY at, id")).Select(r => r[0]));
    }

    [Fact]
    public async Task A_Staff_user_added_without_a_prison_is_refused_next_to_the_prisons_and_nobody_is_added()
    {
        using var admin = await system.Web.SignedInClientAsync(Roles.Admin);
        var before = await system.Database.ScalarAsync<long>("SELECT count(*) FROM staff_user");

        var html = await PostAsync(admin, "Add", null, [new("NewUser.UserName", "no-prison"), new("NewUser.Roles", Roles.Staff)]);

        Assert.Equal("Give no-prison at least one prison, or all prisons: Staff and Admin see prisoners only in the prisons they work in.", Html.TextById(html, "new-user-prisons-error"));
        Assert.Matches("<div class=\"error-summary\"[^>]*>.*<a href=\"#NewUser_Prisons\">Give no-prison", html.Replace("\n", " ", StringComparison.Ordinal));
        Assert.Equal(before, await system.Database.ScalarAsync<long>("SELECT count(*) FROM staff_user"));
    }

    [Fact]
    public async Task An_admin_adds_a_user_of_one_prison_who_then_reaches_only_that_one()
    {
        using var admin = await system.Web.SignedInClientAsync(Roles.Admin);
        var name = $"one-{Guid.NewGuid().ToString("N")[..6]}";

        var html = await PostAsync(admin, "Add", null, [new("NewUser.UserName", name), new("NewUser.Roles", Roles.Staff), new("NewUser.Prisons", "P1")]);

        Assert.Equal("P1", Html.TextOf(Row(await admin.GetStringAsync("/admin/users"), name), "span", "data-role=\"prisons\""));
        using var client = system.Web.CreateClient();
        (await client.SignInAsync(name, Password(html)!)).Dispose();
        (await client.ChangePasswordAsync(Password(html)!, "Their-Own-Passw0rd-5")).Dispose();
        Assert.Contains("href=\"/prisons/P1\"", await client.GetStringAsync("/"));
    }

    /// <summary>Posts a form of the page with the page's token; follows a redirect back to the page. Returns the page's HTML.</summary>
    private static async Task<string> PostAsync(HttpClient admin, string handler, string? name, List<KeyValuePair<string, string>> fields)
    {
        var token = SigningIn.TokenIn(await admin.GetStringAsync("/admin/users"));
        fields.Add(new(NoticePosting.TokenField, token));
        var url = $"/admin/users?handler={handler}" + (name is null ? string.Empty : $"&name={Uri.EscapeDataString(name)}");
        using var response = await admin.PostAsync(url, new FormUrlEncodedContent(fields));
        if (response.StatusCode == HttpStatusCode.Redirect)
        {
            return await admin.GetStringAsync(response.Headers.Location);
        }

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        return await response.Content.ReadAsStringAsync();
    }

    private Task<IReadOnlyList<string[]>> RolesOfAsync(string name) =>
        system.Database.RowsAsync($"SELECT r.name FROM staff_role r JOIN staff_user_role ur ON ur.role_id = r.id JOIN staff_user u ON u.id = ur.user_id WHERE u.user_name = '{name}' ORDER BY r.name");

    private static string Row(string html, string name) =>
        Regex.Match(html, $"<tr data-user=\"{Regex.Escape(name)}\">.*?</tr>", RegexOptions.Singleline).Value;

    private static string? Password(string html, bool required = true)
    {
        var match = Regex.Match(html, "data-role=\"new-password\">([^<]+)<");
        Assert.True(match.Success || !required, "the page shows no new password");
        return match.Success ? WebUtility.HtmlDecode(match.Groups[1].Value) : null;
    }
}
