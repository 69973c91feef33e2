using Microsoft.AspNetCore.Identity;
using OtpNet;

namespace Prison.Db.Identity;

/// <summary>
/// Identity's authenticator codes (TOTP, six digits every 30 s, the two steps either side of now accepted), each
/// accepted once: a code whose step is not later than the last one accepted for the user is refused, so one code read
/// over a shoulder or typed into two browsers signs in once. The step is claimed by one guarded UPDATE, which the
/// database lets only one of two concurrent requests pass. Reads the application's clock.
/// </summary>
public sealed class OneTimeAuthenticatorTokenProvider(PrisonDb db, TimeProvider clock) : AuthenticatorTokenProvider<StaffUser>
{
    /// <summary>As Identity's own provider: two steps before and two after the current one.</summary>
    private static readonly VerificationWindow Window = new(previous: 2, future: 2);

    public override async Task<bool> ValidateAsync(string purpose, string token, UserManager<StaffUser> manager, StaffUser user)
    {
        if (token.Length != 6 || !token.All(char.IsAsciiDigit) || await manager.GetAuthenticatorKeyAsync(user) is not { Length: > 0 } key)
        {
            return false;
        }

        var totp = new Totp(Base32Encoding.ToBytes(key));
        if (!totp.VerifyTotp(clock.GetUtcNow().UtcDateTime, token, out var step, Window))
        {
            return false;
        }

        return await db.ClaimAuthenticatorStepAsync(user.Id, step);
    }
}
