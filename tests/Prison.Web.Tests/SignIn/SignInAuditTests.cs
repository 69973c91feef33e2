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

    [Fact]
    public async Task A_sign_in_as_nobody_is_audited_under_the_name_typed()
    {
        using var client = system.Web.CreateClient();

        using var answer = await client.SignInAsync("nobody-by-that-name", SigningIn.Password);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Equal(1L, await system.Database.ScalarAsync<long>("SELECT count(*) FROM audit_entry WHERE user_name = 'nobody-by-that-name' AND action = 'SignInFailed'"));
    }
}
