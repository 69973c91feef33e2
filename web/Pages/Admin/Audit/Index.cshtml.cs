using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Web.SignIn;
using Prison.Web.Status;

namespace Prison.Web.Pages.Admin.Audit;

/// <summary>
/// The admin's audit log: newest first, filtered by who acted, whom it was done to, prisoner, kind of entry and the
/// prison's calendar days, fifty a page. Each reading is itself audited, before the log is read: no reading without its entry. An admin
/// limited to prisons reads the entries about the prisoners held there now, and those about no prisoner.
/// </summary>
public sealed class IndexModel(PrisonDb db, PrisonCalendar calendar, PrisonTime time) : PageModel
{
    /// <summary>
    /// Bound by hand from the query string (user, about, prisoner, kind, from, to, p), so that the links stay short. The page
    /// number is "p": Razor Pages keeps "page" for the page's own path.
    /// </summary>
    public AuditFilterForm Filter { get; } = new();

    public AuditPage? Results { get; private set; }

    public async Task OnGetAsync(string? user, string? about, string? prisoner, string? kind, string? from, string? to, string? p, CancellationToken cancellationToken)
    {
        (Filter.User, Filter.About, Filter.Prisoner, Filter.Kind, Filter.From, Filter.To, Filter.Page) = (user, about, prisoner, kind, from, to, p);
        db.AuditEntries.Add(AuditEntry.AuditViewed(Filter.Describe()));
        await db.SaveChangesAsync(cancellationToken);
        if (Filter.TryValidate(calendar, ModelState, out var filter))
        {
            Results = await db.AuditPageAsync(filter, PrisonScope.Of(User).PrisonIds, cancellationToken);
        }
    }

    public PrisonTime Time => time;

    /// <summary>Every kind of entry, for the kind filter's list, in words.</summary>
    public static IReadOnlyList<(string Name, string Words)> Kinds { get; } =
        [.. Enum.GetValues<AuditAction>().Select(a => (a.ToString(), Words.Of(a.ToString()))).OrderBy(k => k.Item2, StringComparer.Ordinal)];

    public static IReadOnlyList<DiffLine> Diff(AuditEntry entry) => AuditDiff.Of(entry.Before, entry.After);

    public string? Error(string field) => ModelState.TryGetValue(field, out var state) && state.Errors.Count > 0 ? state.Errors[0].ErrorMessage : null;

    /// <summary>"true" for a field that was refused, for aria-invalid; null (no attribute) otherwise.</summary>
    public string? Invalid(string field) => Error(field) is null ? null : "true";
}
