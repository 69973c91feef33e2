namespace Prison.Db.Identity;

/// <summary>Why a session ended.</summary>
public enum SessionEnd
{
    SignedOut,
    Disabled,
    PasswordReset,
    RolesChanged,
    PasswordChanged,

    /// <summary>Two-factor sign-in turned on or reset: sessions signed in under the old rule end.</summary>
    TwoFactorChanged,

    /// <summary>The prisons the user works in were changed: a session carries those it was signed in with.</summary>
    PrisonsChanged,

    /// <summary>The account was locked by wrong passwords given where the current one is asked (changing it).</summary>
    LockedOut,
}
