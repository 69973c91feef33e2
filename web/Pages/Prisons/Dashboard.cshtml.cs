using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Web.SignIn;
using Prison.Web.Prisons;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisons;

public sealed class DashboardModel(PrisonDb db, PrisonDirectory directory, RuleTitles titles, TimeProvider clock) : PageModel
{
    public PrisonFacility Prison { get; private set; } = null!;

    public IReadOnlyList<PrisonFacility> Prisons { get; private set; } = [];

    public PrisonDashboard Dashboard { get; private set; } = null!;

    public RuleTitles Titles => titles;

    public async Task<IActionResult> OnGetAsync(string code, string? show, CancellationToken cancellationToken)
    {
        var scope = PrisonScope.Of(User);
        if (await directory.FindAsync(code, scope, cancellationToken) is not { } prison)
        {
            await OutOfReachAudit.PrisonAsync(HttpContext, code, cancellationToken);
            return NotFound();
        }

        // "Dangerous only" was the ten latest dangerous arrivals here; it is the full list now, and old links go there.
        if (string.Equals(show, "dangerous", StringComparison.OrdinalIgnoreCase))
        {
            return Redirect(PrisonersModel.PathOf(prison.Code, DangerStatus.Dangerous));
        }

        Prison = prison;
        Prisons = await directory.WithinAsync(scope, cancellationToken);
        // The count of "Coming up" is read in the dashboard's one statement.
        Dashboard = await db.DashboardAsync(prison.Id, cancellationToken, clock.GetUtcNow().UtcDateTime.AddDays(ComingUpModel.DefaultDays));

        // The page load is audited (its read stays one statement; the insert is a second); the poll that keeps it true is not.
        db.AuditEntries.Add(AuditEntry.DashboardViewed(prison.Code, Dashboard.Rows.Count).Concerning([prison.Id]));
        await db.SaveChangesAsync(cancellationToken);
        return Page();
    }
}
