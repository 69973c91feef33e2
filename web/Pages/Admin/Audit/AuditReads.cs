using Microsoft.EntityFrameworkCore;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Mappings;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Admin.Audit;

/// <summary>
/// The audit page's read: ONE statement a page, newest first, served by the index matching the filter
/// (audit_entry_by_user, audit_entry_by_prisoner, audit_entry_by_subject, audit_entry_by_action, or audit_entry_newest
/// for dates alone).
/// </summary>
public static class AuditReads
{
    public const int PageSize = 50;

    /// <summary>
    /// A page of entries; one row more than a page is read to know whether another page follows, so no count is needed.
    /// With <paramref name="prisonIds"/> (null: every entry), in the same statement, the entries about a prisoner only
    /// when that prisoner is held now at one of those prisons, and the others only when they concern at least one prison
    /// and every prison they concern is one of those (<see cref="AuditEntry.Prisons"/>): an admin limited to prisons reads
    /// about no other prisoner, prison or headquarters; an empty list reads nothing.
    /// </summary>
    public static async Task<AuditPage> AuditPageAsync(this PrisonDb db, AuditFilter filter, IReadOnlyCollection<int>? prisonIds, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(filter.Page, 1);
        var entries = db.AuditEntries.AsNoTracking();
        if (prisonIds is not null)
        {
            var concerned = db.Set<AuditEntryPrison>();
            entries = entries.Where(e => e.PrisonerId == null
                ? concerned.Any(p => p.AuditEntryId == e.Id) && !concerned.Any(p => p.AuditEntryId == e.Id && !prisonIds.Contains(p.PrisonId))
                : db.Set<Stay>().Where(CurrentStayCondition.Is).Any(s =>
                    EF.Property<Guid>(s, PrisonerConfiguration.PrisonerKey) == e.PrisonerId && prisonIds.Contains(s.PrisonId)));
        }
        if (filter.UserName is { } user)
        {
            entries = entries.Where(e => e.UserName == user);
        }

        if (filter.PrisonerNumber is { } number)
        {
            entries = entries.Where(e => e.PrisonerNumber == number);
        }

        if (filter.SubjectUserName is { } subject)
        {
            entries = entries.Where(e => e.SubjectUserName == subject);
        }

        if (filter.Action is { } action)
        {
            entries = entries.Where(e => e.Action == action);
        }

        if (filter.FromUtc is { } from)
        {
            entries = entries.Where(e => e.AtUtc >= from);
        }

        if (filter.ToUtc is { } to)
        {
            entries = entries.Where(e => e.AtUtc < to);
        }

        var rows = await entries
            .OrderByDescending(e => e.AtUtc).ThenByDescending(e => e.Id)
            .Skip((filter.Page - 1) * PageSize)
            .Take(PageSize + 1)
            .ToListAsync(cancellationToken);
        return new AuditPage(rows.Take(PageSize).ToList(), filter.Page, rows.Count > PageSize);
    }
}
