using System.Security.Claims;
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.Options;
using Prison.Db.Identity;

namespace Prison.Web.SignIn;

/// <summary>
/// Identity's sign-in, refusing disabled users at the form and at every security-stamp check of an open session, and
/// answering for a name no account has as it would for an account: the same time (a password hash checked) and the
/// same answers (locked after as many wrong passwords, for as long), so the form does not tell which names exist.
/// </summary>
public sealed class StaffSignInManager(
    UserManager<StaffUser> users,
    IHttpContextAccessor context,
    IUserClaimsPrincipalFactory<StaffUser> claims,
    IOptions<IdentityOptions> options,
    ILogger<SignInManager<StaffUser>> logger,
    IAuthenticationSchemeProvider schemes,
    IUserConfirmation<StaffUser> confirmation,
    IMemoryCache memory,
    TimeProvider clock)
    : SignInManager<StaffUser>(users, context, claims, options, logger, schemes, confirmation)
{
    /// <summary>A hash of a password nobody has, made once, checked for names without an account.</summary>
    private static readonly Lazy<string> UnknownUsersHash = new(() => new PasswordHasher<StaffUser>().HashPassword(new StaffUser(), Guid.NewGuid().ToString()));

    public override async Task<SignInResult> PasswordSignInAsync(string userName, string password, bool isPersistent, bool lockoutOnFailure)
    {
        if (await UserManager.FindByNameAsync(userName) is { } user)
        {
            if (user.IsDisabled)
            {
                // Identity refuses a disabled account before it checks the password: checked here, so that a disabled
                // account answers in the time any other does, as it answers in the same words.
                UserManager.PasswordHasher.VerifyHashedPassword(user, user.PasswordHash ?? UnknownUsersHash.Value, password);
                return SignInResult.NotAllowed;
            }

            return await PasswordSignInAsync(user, password, isPersistent, lockoutOnFailure);
        }

        UserManager.PasswordHasher.VerifyHashedPassword(new StaffUser(), UnknownUsersHash.Value, password);
        return UnknownUserFailed(UserManager.NormalizeName(userName));
    }

    /// <summary>Wrong passwords counted per name in this instance's memory, and a lockout as an account's, that ends as one does.</summary>
    private SignInResult UnknownUserFailed(string normalizedName)
    {
        var key = $"sign-in:unknown:{normalizedName}";
        var now = clock.GetUtcNow();
        memory.TryGetValue(key, out UnknownUserAttempts? seen);
        if (seen?.LockedUntil is { } until)
        {
            if (until > now)
            {
                return SignInResult.LockedOut;
            }

            // The lockout is over: counting starts again, as for an account.
            seen = null;
        }

        var failed = (seen?.Failed ?? 0) + 1;
        var next = failed >= Options.Lockout.MaxFailedAccessAttempts
            ? new UnknownUserAttempts(0, now + Options.Lockout.DefaultLockoutTimeSpan)
            : new UnknownUserAttempts(failed, null);
        memory.Set(key, next, Options.Lockout.DefaultLockoutTimeSpan + TimeSpan.FromMinutes(1));
        return next.LockedUntil is null ? SignInResult.Failed : SignInResult.LockedOut;
    }

    public override async Task<bool> CanSignInAsync(StaffUser user) => !user.IsDisabled && await base.CanSignInAsync(user);

    public override async Task<StaffUser?> ValidateSecurityStampAsync(ClaimsPrincipal? principal) =>
        await base.ValidateSecurityStampAsync(principal) is { IsDisabled: false } user ? user : null;
}
