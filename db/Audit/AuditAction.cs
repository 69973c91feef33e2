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

    SignedOut,

    // Reads of prisoner data beyond the prisoner page: what was read and how many rows. The pages' polls are not
    // audited (they ask every few seconds); the page that opened them is.
    PrisonersSearched,
    PrisonersListed,
    DashboardViewed,
    ShiftChangesViewed,

    /// <summary>A page or poll answered 404 because the prisoner or prison asked for is beyond the user's prisons.</summary>
    OutOfReach,

    /// <summary>An operator started a job: a full re-evaluation, or a job from the jobs dashboard.</summary>
    JobRun,

    /// <summary>A headquarters admin approved a rules assembly by its SHA-256: web and worker load it at their next start.</summary>
    RuleAssemblyApproved,

    /// <summary>A headquarters admin revoked an assembly's approval: web and worker leave it out from their next start.</summary>
    RuleAssemblyRevoked,

    /// <summary>A user's change of their own password was refused: a wrong current password (counted toward the lockout), a locked account or a weak new one.</summary>
    PasswordChangeRefused,

    /// <summary>A user's password, given to confirm an act on their own account (the two-factor page), refused: counted toward the lockout.</summary>
    OwnPasswordRefused,

    /// <summary>A list of prisoners taken away as a file (a bulk read): which list, and how many rows it held.</summary>
    ListDownloaded,

    // The acts on API clients: who did it is the entry's user, the client ("client:NAME") its subject.
    ApiClientAdded,
    ApiClientSecretRotated,
    ApiClientDisabled,
    ApiClientEnabled,
    ApiClientDeleted,
}
