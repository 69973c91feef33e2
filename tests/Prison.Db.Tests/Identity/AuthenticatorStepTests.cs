using Microsoft.Extensions.DependencyInjection;
using OtpNet;
using Prison.Db.Audit;
using Prison.Db.Identity;
using static Prison.Db.Tests.Identity.StaffAccountServices;

namespace Prison.Db.Tests.Identity;

/// <summary>
/// An authenticator code is accepted once: the step of the last accepted code is claimed by one guarded statement, so
/// the same code, checked again or by many requests at once, passes once, and an older code not at all.
/// </summary>
public sealed class AuthenticatorStepTests
{
    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task One_code_checked_by_many_requests_at_once_passes_once_and_an_older_one_not_at_all(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var services = StaffAccountServices.Over(database, new AuditActor("admin-ann"));
        var key = string.Empty;
        await InScopeAsync(services, async a =>
        {
            await a.AddAsync("bob", [Roles.Staff], "First-Passw0rd!", PrisonAccess.All);
            key = await a.NewAuthenticatorKeyAsync("bob");
        });
        var totp = new Totp(Base32Encoding.ToBytes(key));
        var now = DateTime.UtcNow;

        var current = totp.ComputeTotp(now);
        var atOnce = await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => VerifyAsync(services, current)));
        var again = await VerifyAsync(services, current);
        var older = await VerifyAsync(services, totp.ComputeTotp(now.AddSeconds(-30)));
        var later = await VerifyAsync(services, totp.ComputeTotp(now.AddSeconds(30)));

        Assert.Equal(1, atOnce.Count(passed => passed));
        Assert.False(again);
        Assert.False(older);
        Assert.True(later);
        Assert.Equal(new DateTimeOffset(now).ToUnixTimeSeconds() / 30 + 1, await database.ScalarAsync<long>("SELECT authenticator_time_step FROM staff_user WHERE user_name = 'bob'"));
    }

    [Theory]
    [MemberData(nameof(Engines.Both), MemberType = typeof(Engines))]
    public async Task A_request_that_read_the_user_before_a_code_was_accepted_does_not_write_the_older_step_back(Engine engine)
    {
        await using var database = await ScratchDatabase.MigratedAsync(engine);
        await using var services = StaffAccountServices.Over(database, new AuditActor("admin-ann"));
        var key = string.Empty;
        await InScopeAsync(services, async a =>
        {
            await a.AddAsync("bob", [Roles.Staff], "First-Passw0rd!", PrisonAccess.All);
            key = await a.NewAuthenticatorKeyAsync("bob");
        });
        var code = new Totp(Base32Encoding.ToBytes(key)).ComputeTotp(DateTime.UtcNow);
        await using var slower = services.CreateAsyncScope();
        var users = slower.ServiceProvider.GetRequiredService<StaffUserManager>();
        var user = await users.FindByNameAsync("bob") ?? throw new InvalidOperationException("bob was added above.");

        var accepted = await VerifyAsync(services, code);
        // A wrong password elsewhere: Identity writes the whole user it read, step included unless the mapping forbids it.
        Assert.True((await users.AccessFailedAsync(user)).Succeeded);
        var again = await VerifyAsync(services, code);

        Assert.True(accepted);
        Assert.False(again);
        Assert.Equal(1, await database.ScalarAsync<int>("SELECT access_failed_count FROM staff_user WHERE user_name = 'bob'"));
    }

    /// <summary>Checks <paramref name="code"/> as the sign-in's second step does, in a request (a scope) of its own.</summary>
    private static async Task<bool> VerifyAsync(ServiceProvider services, string code)
    {
        await using var scope = services.CreateAsyncScope();
        var users = scope.ServiceProvider.GetRequiredService<StaffUserManager>();
        var user = await users.FindByNameAsync("bob") ?? throw new InvalidOperationException("bob was added above.");
        return await users.VerifyTwoFactorTokenAsync(user, users.Options.Tokens.AuthenticatorTokenProvider, code);
    }
}
