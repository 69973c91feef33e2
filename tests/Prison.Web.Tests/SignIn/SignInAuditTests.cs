using System.Net;
using Prison.Db.Identity;

namespace Prison.Web.Tests.SignIn;

/// <summary>Every sign-in attempt lands in the audit log: who, whether it worked, and from where.</summary>
public sealed class SignInAuditTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    [Fact]
    public async Task A_successful_and_a_failed_sign_in_are_both_audited_with_the_name_typed()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = system.Web.CreateClient();

        using (var wrong = await client.SignInAsync(name, "Not-the-Passw0rd!"))
        {
            Assert.Equal(HttpStatusCode.OK, wrong.StatusCode);
        }

        using (var right = await client.SignInAsync(name, SigningIn.Password))
        {
            Assert.Equal(HttpStatusCode.Redirect, right.StatusCode);
        }

        var entries = await system.Database.RowsAsync(
            $"SELECT action, summary, remote_address IS NOT NULL FROM audit_entry WHERE user_name = '{name}' ORDER BY at, id");
        Assert.Equal(
            [["SignInFailed", "Sign-in failed: wrong name or password, or disabled", "True"], ["SignedIn", "Signed in", "True"]],
            entries.Select(e => e.ToArray()).ToArray());
    }

    /// <summary>
    /// The finding of issue 39: a name no account has was recorded as typed, up to 256 characters, often a password typed
    /// into the name field, in a log nobody can trim. Only its length is kept, and the address it came from.
    /// </summary>
    [Fact]
    public async Task A_failed_sign_in_with_a_name_no_account_has_records_its_length_and_not_the_name()
    {
        var typed = $"Summer-Passw0rd-{Guid.NewGuid():N}"[..24];
        using var client = system.Web.CreateClient();

        using var answer = await client.SignInAsync(typed, SigningIn.Password);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Equal(0L, await system.Database.ScalarAsync<long>(
            $"SELECT count(*) FROM audit_entry WHERE user_name LIKE '%{typed}%' OR summary LIKE '%{typed}%' OR subject_user_name LIKE '%{typed}%'"));
        Assert.Contains(
            ["anonymous", "Sign-in failed: wrong name or password, or disabled; a name no account has (24 characters), not recorded", "True"],
            (await system.Database.RowsAsync("SELECT user_name, summary, remote_address IS NOT NULL FROM audit_entry WHERE action = 'SignInFailed'")).Select(r => r.ToArray()));
    }

    [Fact]
    public async Task A_failed_sign_in_under_an_account_typed_in_another_case_is_recorded_under_the_account_as_it_is_spelled()
    {
        var name = await system.Web.CreateUserAsync(Roles.Staff);
        using var client = system.Web.CreateClient();

        using var answer = await client.SignInAsync(name.ToUpperInvariant(), "Not-the-Passw0rd!");

        Assert.Equal(
            [["Sign-in failed: wrong name or password, or disabled"]],
            await system.Database.RowsAsync($"SELECT summary FROM audit_entry WHERE user_name = '{name}' AND action = 'SignInFailed'"));
    }
}
