using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Web.Pages.Prisons.ComingUp;
using Prison.Web.SignIn;
using Prison.Web.Pages.Shared;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisons.Dashboard;

public sealed class DashboardModel(PrisonDb db, PrisonDirectory directory, RuleTitles titles, TimeProvider clock) : PageModel, IPrisonPage
{
    public PrisonFacility Prison { get; set; } = null!;

    public IReadOnlyList<PrisonFacility> Prisons { get; private set; } = [];

    public PrisonDashboard Dashboard { get; private set; } = null!;

    public RuleTitles Titles => titles;

    public async Task<IActionResult> OnGetAsync(string? show, CancellationToken cancellationToken)
    {
        var scope = PrisonScope.Of(User);
        var prison = Prison;
        // "Dangerous only" was the ten latest dangerous arrivals here; it is the full list now, and old links go there.
        if (string.Equals(show, "dangerous", StringComparison.OrdinalIgnoreCase))
        {
            return Redirect(PrisonersModel.PathOf(prison.Code, DangerStatus.Dangerous));
        }

        Prisons = await directory.WithinAsync(scope, cancellationToken);
        // The count of "Coming up" is read in the dashboard's one statement.
        Dashboard = await db.DashboardAsync(prison.Id, cancellationToken, ComingUpWindow.DefaultUntilUtc(clock));

        // The page load is audited (its read stays one statement; the insert is a second); the poll that keeps it true is not.
        db.AuditEntries.Add(AuditEntry.DashboardViewed(prison.Code, Dashboard.Rows.Count).Concerning([prison.Id]));
        await db.SaveChangesAsync(cancellationToken);
        return Page();
    }
}
