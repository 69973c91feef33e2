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

    /// <summary>The prisons a user works in were set: who did it is the entry's user, whom and what its summary and values.</summary>
    PrisonsAssigned,
}
