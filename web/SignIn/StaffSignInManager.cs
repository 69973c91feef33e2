using System.Security.Claims;
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.Options;
using Prison.Db.Identity;

namespace Prison.Web.SignIn;

/// <summary>
/// Identity's sign-in, refusing disabled users at the form and at every security-stamp check of an open session, and
/// answering for a name no account has, and for a locked or disabled account, as it would for any account: the same
/// time (a password hash checked) and the same answers (locked after as many wrong passwords, for as long), so the
/// form does not tell which names exist.
/// </summary>
public sealed class StaffSignInManager(
    UserManager<StaffUser> users,
    IHttpContextAccessor context,
    IUserClaimsPrincipalFactory<StaffUser> claims,
    IOptions<IdentityOptions> options,
    ILogger<SignInManager<StaffUser>> logger,
    IAuthenticationSchemeProvider schemes,
    IUserConfirmation<StaffUser> confirmation,
    UnknownUserLockouts unknownUsers)
    : SignInManager<StaffUser>(users, context, claims, options, logger, schemes, confirmation)
{
    /// <summary>A hash of a password nobody has, made once, checked for names without an account.</summary>
    private static readonly Lazy<string> UnknownUsersHash = new(() => new PasswordHasher<StaffUser>().HashPassword(new StaffUser(), Guid.NewGuid().ToString()));

    public override async Task<SignInResult> PasswordSignInAsync(string userName, string password, bool isPersistent, bool lockoutOnFailure)
    {
        if (userName.Length > UserNames.MaxLength || password.Length > Passwords.MaxLength)
        {
            // No account has such a name, nor such a password: a wrong password's answer and cost, and nothing kept of
            // it, so that endless long names fill no memory. The check reads no more of the password than any other.
            UserManager.PasswordHasher.VerifyHashedPassword(new StaffUser(), UnknownUsersHash.Value, password[..Math.Min(password.Length, Passwords.MaxLength)]);
            return SignInResult.Failed;
        }

        if (await UserManager.FindByNameAsync(userName) is { } user)
        {
            if (user.IsDisabled)
            {
                // Identity refuses a disabled account before it checks the password: checked here, so that a disabled
                // account answers in the time any other does, as it answers in the same words.
                UserManager.PasswordHasher.VerifyHashedPassword(user, user.PasswordHash ?? UnknownUsersHash.Value, password);
                return SignInResult.NotAllowed;
            }

            if (await UserManager.IsLockedOutAsync(user))
            {
                // Identity answers a locked account before it checks the password, sooner than a name without one:
                // checked here, so that a lockout does not tell a name that exists either.
                UserManager.PasswordHasher.VerifyHashedPassword(user, user.PasswordHash ?? UnknownUsersHash.Value, password);
                return SignInResult.LockedOut;
            }

            return await PasswordSignInAsync(user, password, isPersistent, lockoutOnFailure);
        }

        UserManager.PasswordHasher.VerifyHashedPassword(new StaffUser(), UnknownUsersHash.Value, password);
        return unknownUsers.Failed(UserManager.NormalizeName(userName), Options.Lockout.MaxFailedAccessAttempts, Options.Lockout.DefaultLockoutTimeSpan)
            ? SignInResult.LockedOut
            : SignInResult.Failed;
    }

    /// <summary>
    /// A recovery code as the authenticator's codes are taken: Identity neither refuses a locked account here nor counts a
    /// wrong code toward the lockout, so recovery codes could be guessed without end and a right one would sign a
    /// locked account in. A locked account is refused before the code is looked at; a wrong code counts as a wrong password.
    /// </summary>
    public override async Task<SignInResult> TwoFactorRecoveryCodeSignInAsync(string recoveryCode)
    {
        if (await GetTwoFactorAuthenticationUserAsync() is not { } user)
        {
            return SignInResult.Failed;
        }

        if (await UserManager.IsLockedOutAsync(user))
        {
            return SignInResult.LockedOut;
        }

        var result = await base.TwoFactorRecoveryCodeSignInAsync(recoveryCode);
        if (result.Succeeded || result.IsLockedOut || result.IsNotAllowed)
        {
            return result;
        }

        await UserManager.AccessFailedAsync(user);
        return await UserManager.IsLockedOutAsync(user) ? SignInResult.LockedOut : result;
    }

    public override async Task<bool> CanSignInAsync(StaffUser user) => !user.IsDisabled && await base.CanSignInAsync(user);

    public override async Task<StaffUser?> ValidateSecurityStampAsync(ClaimsPrincipal? principal) =>
        await base.ValidateSecurityStampAsync(principal) is { IsDisabled: false } user ? user : null;
}
