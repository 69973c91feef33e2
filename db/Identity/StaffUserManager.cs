using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Prison.Db.Identity;

/// <summary>
/// Identity's user manager reading the application's clock for lockouts (the stock one reads the system clock),
/// so that "locked for 15 minutes" follows the same time as everything else and tests can move it.
/// </summary>
public sealed class StaffUserManager(
    IUserStore<StaffUser> store,
    IOptions<IdentityOptions> options,
    IPasswordHasher<StaffUser> passwordHasher,
    IEnumerable<IUserValidator<StaffUser>> userValidators,
    IEnumerable<IPasswordValidator<StaffUser>> passwordValidators,
    ILookupNormalizer keyNormalizer,
    IdentityErrorDescriber errors,
    IServiceProvider services,
    ILogger<UserManager<StaffUser>> logger,
    TimeProvider clock)
    : UserManager<StaffUser>(store, options, passwordHasher, userValidators, passwordValidators, keyNormalizer, errors, services, logger)
{
    private IUserLockoutStore<StaffUser> LockoutStore => (IUserLockoutStore<StaffUser>)Store;

    public override async Task<bool> IsLockedOutAsync(StaffUser user)
    {
        ThrowIfDisposed();
        ArgumentNullException.ThrowIfNull(user);
        return await LockoutStore.GetLockoutEnabledAsync(user, CancellationToken)
            && await LockoutStore.GetLockoutEndDateAsync(user, CancellationToken) is { } end
            && end >= clock.GetUtcNow();
    }

    public override async Task<IdentityResult> AccessFailedAsync(StaffUser user)
    {
        ThrowIfDisposed();
        ArgumentNullException.ThrowIfNull(user);
        var failures = await LockoutStore.IncrementAccessFailedCountAsync(user, CancellationToken);
        if (failures >= Options.Lockout.MaxFailedAccessAttempts)
        {
            await LockoutStore.SetLockoutEndDateAsync(user, clock.GetUtcNow().Add(Options.Lockout.DefaultLockoutTimeSpan), CancellationToken);
            await LockoutStore.ResetAccessFailedCountAsync(user, CancellationToken);
        }

        return await UpdateUserAsync(user);
    }

    /// <summary>
    /// Gives a user whose two-factor sign-in is off a new authenticator key, to enrol with. Identity's
    /// <see cref="UserManager{TUser}.ResetAuthenticatorKeyAsync"/> also renews the security stamp, which would end the
    /// session of the user enrolling at the next stamp check, before they have typed their first code: a key that
    /// signs nobody in yet needs no session to end.
    /// </summary>
    public async Task<string> NewAuthenticatorKeyAsync(StaffUser user)
    {
        ThrowIfDisposed();
        if (user.TwoFactorEnabled)
        {
            throw new InvalidOperationException("The key of an authenticator in use goes with StaffAccounts.ResetTwoFactorAsync, which ends the user's sessions.");
        }

        var key = GenerateNewAuthenticatorKey();
        await ((IUserAuthenticatorKeyStore<StaffUser>)Store).SetAuthenticatorKeyAsync(user, key, CancellationToken);
        var result = await UpdateUserAsync(user);
        return result.Succeeded ? key : throw new InvalidOperationException(string.Join(" ", result.Errors.Select(e => e.Description)));
    }

    /// <summary>
    /// Removes the user's authenticator key and recovery codes, for a reset: nothing signs in with the old app or codes,
    /// and the next enrolment makes a new key. Removing needs no key ring, so the command line can reset too.
    /// </summary>
    public async Task<IdentityResult> ForgetAuthenticatorAsync(StaffUser user)
    {
        ThrowIfDisposed();
        var tokens = (IUserAuthenticationTokenStore<StaffUser>)Store;
        await tokens.RemoveTokenAsync(user, StaffUserStore.InternalProvider, StaffUserStore.AuthenticatorKeyName, CancellationToken);
        await tokens.RemoveTokenAsync(user, StaffUserStore.InternalProvider, StaffUserStore.RecoveryCodesName, CancellationToken);
        return await UpdateUserAsync(user);
    }

    /// <summary>Whether a lockout is in force now, by the application's clock (for listings).</summary>
    public bool IsLockedOutNow(StaffUser user) => user.LockoutEnabled && user.LockoutEnd is { } end && end >= clock.GetUtcNow();
}
