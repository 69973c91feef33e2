using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Web.Forms;
using Prison.Web.SignIn;
using Prison.Web.Pages.Shared;

namespace Prison.Web.Pages.Admin.Audit;

/// <summary>
/// The admin's audit log: newest first, filtered by who acted, whom it was done to, prisoner, kind of entry and the
/// prison's calendar days, fifty a page. Each reading is itself audited, before the log is read: no reading without its entry. An admin
/// limited to prisons reads the entries about the prisoners held there now, and those about no prisoner.
/// </summary>
public sealed class IndexModel(PrisonDb db, PrisonCalendar calendar, PrisonTime time) : PageModel
{
    /// <summary>Bound from the query string: user, about, prisoner, kind, from, to, p.</summary>
    [BindProperty(SupportsGet = true)]
    public AuditFilterForm Filter { get; set; } = new();

    public AuditPage? Results { get; private set; }

    public async Task OnGetAsync(CancellationToken cancellationToken)
    {
        db.AuditEntries.Add(AuditEntry.AuditViewed(AuditFilterForm.Describe(ModelState)));
        await db.SaveChangesAsync(cancellationToken);
        if (ModelState.IsValid)
        {
            Results = await db.AuditPageAsync(Filter.ToFilter(calendar), PrisonScope.Of(User).PrisonIds, cancellationToken);
        }
    }

    public PrisonTime Time => time;

    /// <summary>Every kind of entry, for the kind filter's list, in words.</summary>
    public static IReadOnlyList<(string Name, string Words)> Kinds { get; } =
        [.. Enum.GetValues<AuditAction>().Select(a => (a.ToString(), Words.Of(a.ToString()))).OrderBy(k => k.Item2, StringComparer.Ordinal)];

    public static IReadOnlyList<DiffLine> Diff(AuditEntry entry) => AuditDiff.Of(entry.Before, entry.After);

    /// <summary>What a field shows: what was typed in it, as typed.</summary>
    public string? Typed(string key) => ModelState.TypedOf(key);

    public string? Error(string key) => ModelState.ErrorOf(key);

    public string? Invalid(string key) => ModelState.InvalidOf(key);
}
