namespace Prison.Db.Identity;

/// <summary>Why a session ended.</summary>
public enum SessionEnd
{
    SignedOut,
    Disabled,
    PasswordReset,
    RolesChanged,
    PasswordChanged,
    PrisonsChanged,
}
