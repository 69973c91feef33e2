using System.Security.Claims;
using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Prison.Web.SignIn;

namespace Prison.Web.Tests.SignIn;

/// <summary>The prisons a user works in, put in their session's claims by web's own claims factory, at sign-in and at every stamp check.</summary>
public sealed class StaffClaimsPrincipalFactoryTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    [Fact]
    public async Task The_principal_carries_the_users_roles_and_prisons_or_every_prison()
    {
        var limited = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Staff);
        var everywhere = await system.Web.CreateUserAsync(Roles.Admin);

        var limitedPrincipal = await PrincipalAsync(limited);
        var everywherePrincipal = await PrincipalAsync(everywhere);

        Assert.True(limitedPrincipal.IsInRole(Roles.Staff));
        Assert.Equal([1], PrisonScope.Of(limitedPrincipal).PrisonIds);
        Assert.True(everywherePrincipal.IsInRole(Roles.Admin));
        Assert.True(PrisonScope.Of(everywherePrincipal).IsEverywhere);
    }

    [Fact]
    public async Task An_open_session_is_given_its_prisons_as_stored_at_the_next_stamp_check()
    {
        await using (var db = system.Database.Open())
        {
            db.Prisons.Add(Records.Prison(8));
            await db.SaveChangesAsync();
        }

        var name = await system.Web.CreateUserOfPrisonsAsync(["P1"], Roles.Staff);
        using var client = await system.Web.ClientSignedInAsAsync(name);
        Assert.DoesNotContain("href=\"/prisons/P8\"", await client.GetStringAsync("/"));

        // Stored behind the session's back, without ending it: only the stamp check can bring it into the session.
        await system.Database.ExecuteAsync($"INSERT INTO staff_user_prison (user_id, prison_id) SELECT id, 8 FROM staff_user WHERE user_name = '{name}'");
        system.Clock.Advance(StaffSignIn.StampCheckInterval + TimeSpan.FromSeconds(1));

        var start = await client.GetStringAsync("/");
        Assert.Contains("href=\"/prisons/P1\"", start);
        Assert.Contains("href=\"/prisons/P8\"", start);
    }

    private async Task<ClaimsPrincipal> PrincipalAsync(string name)
    {
        await using var scope = system.Web.Services.CreateAsyncScope();
        var users = scope.ServiceProvider.GetRequiredService<UserManager<StaffUser>>();
        return await scope.ServiceProvider.GetRequiredService<IUserClaimsPrincipalFactory<StaffUser>>().CreateAsync((await users.FindByNameAsync(name))!);
    }
}
