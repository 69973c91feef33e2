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

    /// <summary>Whether a lockout is in force now, by the application's clock (for listings).</summary>
    public bool IsLockedOutNow(StaffUser user) => user.LockoutEnabled && user.LockoutEnd is { } end && end >= clock.GetUtcNow();
}
