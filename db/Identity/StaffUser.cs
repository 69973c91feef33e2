using Microsoft.AspNetCore.Identity;

namespace Prison.Db.Identity;

/// <summary>A person who signs in to the dashboard. Disabled rather than deleted, so that who did what stays readable.</summary>
public sealed class StaffUser : IdentityUser
{
    /// <summary>A disabled user cannot sign in; disabling also changes the security stamp, which ends their open sessions.</summary>
    public bool IsDisabled { get; set; }

    /// <summary>
    /// Whether the user reaches every prison (headquarters); otherwise only those of their rows of
    /// <see cref="StaffUserPrison"/>. Changed only through <see cref="StaffAccounts"/>, which ends their sessions.
    /// </summary>
    public bool AllPrisons { get; set; }

    /// <summary>
    /// Whether the password was set by someone else (an admin's reset, <c>users add</c>, the users page): until the user
    /// changes it themself (<see cref="StaffAccounts.ChangeOwnPasswordAsync"/>), web opens no page but the password's.
    /// </summary>
    public bool MustChangePassword { get; set; }

    /// <summary>
    /// The 30-second step of the last authenticator code accepted for this user; a code of this step or an earlier one
    /// is refused. Written only by <see cref="OneTimeAuthenticatorTokenProvider"/>'s guarded update.
    /// </summary>
    public long? AuthenticatorTimeStep { get; set; }
}
