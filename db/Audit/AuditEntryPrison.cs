namespace Prison.Db.Audit;

/// <summary>A prison an audit entry concerns (migration 028): an admin limited to prisons reads the entry only when every prison it concerns is theirs.</summary>
public sealed class AuditEntryPrison
{
    internal AuditEntryPrison(Guid auditEntryId, int prisonId) => (AuditEntryId, PrisonId) = (auditEntryId, prisonId);

    public Guid AuditEntryId { get; private set; }

    public int PrisonId { get; private set; }
}
