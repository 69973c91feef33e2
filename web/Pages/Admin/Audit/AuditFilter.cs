using Prison.Db.Audit;

namespace Prison.Web.Pages.Admin.Audit;

/// <summary>
/// What the audit page asks for; every part optional. <paramref name="FromUtc"/> is inclusive and
/// <paramref name="ToUtc"/> exclusive; <paramref name="Page"/> counts from 1. <paramref name="UserName"/> is who acted,
/// <paramref name="SubjectUserName"/> the user an act was done to, <paramref name="Action"/> the kind of entry.
/// </summary>
public sealed record AuditFilter(
    string? UserName = null, string? PrisonerNumber = null, DateTime? FromUtc = null, DateTime? ToUtc = null, int Page = 1, string? SubjectUserName = null, AuditAction? Action = null);
