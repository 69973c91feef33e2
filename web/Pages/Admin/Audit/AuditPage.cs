using Prison.Db.Audit;

namespace Prison.Web.Pages.Admin.Audit;

/// <summary>One page of the audit log, newest first.</summary>
public sealed record AuditPage(IReadOnlyList<AuditEntry> Entries, int Page, bool HasNext)
{
    public bool HasPrevious => Page > 1;
}
