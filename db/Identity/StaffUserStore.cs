using System.Security.Cryptography;
using Microsoft.AspNetCore.DataProtection;
using Microsoft.AspNetCore.Identity;
using Microsoft.AspNetCore.Identity.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore;

namespace Prison.Db.Identity;

/// <summary>
/// Identity's user store, keeping the second factor's secrets unreadable to whoever reads the database or a backup:
/// the authenticator key encrypted with the application's data protection key ring (web's, in the database), the
/// recovery codes hashed as passwords are. Keys and codes stored in clear before this are still read, until the user
/// enrols again. A recovery code is spent by one guarded UPDATE, so two requests with one code cannot both sign in.
/// </summary>
/// <param name="protection">
/// Web's key ring. The worker has none: its commands never read or write a key (a reset removes it), and are told
/// so if they try.
/// </param>
public sealed class StaffUserStore(PrisonDb db, IPasswordHasher<StaffUser> hasher, IdentityErrorDescriber describer, IDataProtectionProvider? protection = null)
    : UserStore<StaffUser, IdentityRole, PrisonDb>(db, describer)
{
    /// <summary>Identity's names of the rows of staff_user_token that hold the key and the codes.</summary>
    public const string InternalProvider = "[AspNetUserStore]";

    public const string AuthenticatorKeyName = "AuthenticatorKey";

    public const string RecoveryCodesName = "RecoveryCodes";

    /// <summary>Marks a key stored encrypted; a Base32 key has no colon, so a clear one from before is told apart.</summary>
    private const string ProtectedKey = "dp:";

    /// <summary>Marks a recovery code stored as a hash; a clear one ("XXXXX-XXXXX") has no colon.</summary>
    private const string HashedCode = "h:";

    private readonly IDataProtector? _keys = protection?.CreateProtector("Prison.Db.Identity.StaffUserStore.AuthenticatorKey");

    public override Task SetAuthenticatorKeyAsync(StaffUser user, string key, CancellationToken cancellationToken) =>
        base.SetAuthenticatorKeyAsync(user, ProtectedKey + Keys.Protect(key), cancellationToken);

    public override async Task<string?> GetAuthenticatorKeyAsync(StaffUser user, CancellationToken cancellationToken)
    {
        var stored = await base.GetAuthenticatorKeyAsync(user, cancellationToken);
        if (stored is null || !stored.StartsWith(ProtectedKey, StringComparison.Ordinal))
        {
            return stored;
        }

        try
        {
            return Keys.Unprotect(stored[ProtectedKey.Length..]);
        }
        catch (CryptographicException)
        {
            // Encrypted with a key ring key since deleted: no code matches, and an admin's reset lets the user enrol again.
            return null;
        }
    }

    public override Task ReplaceCodesAsync(StaffUser user, IEnumerable<string> recoveryCodes, CancellationToken cancellationToken) =>
        base.ReplaceCodesAsync(user, recoveryCodes.Select(code => HashedCode + hasher.HashPassword(user, code)), cancellationToken);

    public override async Task<bool> RedeemCodeAsync(StaffUser user, string code, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(user);
        var token = await FindTokenAsync(user, InternalProvider, RecoveryCodesName, cancellationToken);
        if (token?.Value is not { Length: > 0 } stored)
        {
            return false;
        }

        var codes = stored.Split(';');
        var used = Array.FindIndex(codes, stored => Matches(user, stored, code));
        if (used < 0)
        {
            return false;
        }

        var left = string.Join(';', codes.Where((_, index) => index != used));
        var spent = await Context.UserTokens
            .Where(t => t.UserId == user.Id && t.LoginProvider == InternalProvider && t.Name == RecoveryCodesName && t.Value == stored)
            .ExecuteUpdateAsync(s => s.SetProperty(t => t.Value, left), cancellationToken) == 1;

        // Read again when next asked (how many are left), not from this unit of work's copy.
        Context.Entry(token).State = EntityState.Detached;
        return spent;
    }

    private IDataProtector Keys =>
        _keys ?? throw new InvalidOperationException("Authenticator keys are encrypted with web's key ring, which this process does not have: enrol on web's two-factor page.");

    private bool Matches(StaffUser user, string stored, string code) =>
        stored.StartsWith(HashedCode, StringComparison.Ordinal)
            ? hasher.VerifyHashedPassword(user, stored[HashedCode.Length..], code) != PasswordVerificationResult.Failed
            : string.Equals(stored, code, StringComparison.Ordinal);
}
