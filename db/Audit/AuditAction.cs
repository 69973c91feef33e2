namespace Prison.Db.Audit;

/// <summary>What an audit entry records. Stored by name, so the log reads the same whatever the enum's order.</summary>
public enum AuditAction
{
    SignedIn,
    SignInFailed,
    PrisonerViewed,
    PrisonerAdded,
    PrisonerChanged,
    RuleEnabled,
    RuleDisabled,

    // The privileged acts on users: who did it is the entry's user, whom it was done to its subject.
    UserAdded,
    UserRolesChanged,
    UserDisabled,
    UserEnabled,
    PasswordReset,
    PasswordChanged,
    TwoFactorEnrolled,
    TwoFactorReset,

    /// <summary>A privileged act refused: a page of another role, or an admin's act on their own account.</summary>
    Refused,

    /// <summary>An admin read the audit log: who watches the watchers.</summary>
    AuditViewed,

    /// <summary>The prisons a user works in were set: who did it is the entry's user, whom it was done to its subject.</summary>
    PrisonsAssigned,

    /// <summary>A user's change of their own password was refused: a wrong current password (counted toward the lockout), a locked account or a weak new one.</summary>
    PasswordChangeRefused,
}
