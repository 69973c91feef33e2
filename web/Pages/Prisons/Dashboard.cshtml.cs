using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Web.Status;

namespace Prison.Web.Pages.Prisons;

public sealed class DashboardModel(PrisonDb db, PrisonDirectory directory, RuleTitles titles) : PageModel
{
    public PrisonFacility Prison { get; private set; } = null!;

    public IReadOnlyList<PrisonFacility> Prisons { get; private set; } = [];

    public PrisonDashboard Dashboard { get; private set; } = null!;

    public RuleTitles Titles => titles;

    public async Task<IActionResult> OnGetAsync(string code, string? show, CancellationToken cancellationToken)
    {
        if (await directory.FindAsync(code, cancellationToken) is not { } prison)
        {
            return NotFound();
        }

        // "Dangerous only" was the ten latest dangerous arrivals here; it is the full list now, and old links go there.
        if (string.Equals(show, "dangerous", StringComparison.OrdinalIgnoreCase))
        {
            return Redirect(PrisonersModel.PathOf(prison.Code, DangerStatus.Dangerous));
        }

        Prison = prison;
        Prisons = await directory.AllAsync(cancellationToken);
        Dashboard = await db.DashboardAsync(prison.Id, cancellationToken);
        return Page();
    }
}
