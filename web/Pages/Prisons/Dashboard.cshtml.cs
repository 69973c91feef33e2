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

    public IReadOnlyList<ArrivalRow> Rows { get; private set; } = [];

    public StatusCounts Counts { get; private set; } = new(0, 0, 0);

    public bool DangerousOnly { get; private set; }

    public RuleTitles Titles => titles;

    public async Task<IActionResult> OnGetAsync(string code, string? show, CancellationToken cancellationToken)
    {
        if (await directory.FindAsync(code, cancellationToken) is not { } prison)
        {
            return NotFound();
        }

        Prison = prison;
        Prisons = await directory.AllAsync(cancellationToken);
        DangerousOnly = string.Equals(show, "dangerous", StringComparison.OrdinalIgnoreCase);
        (Counts, Rows) = await db.DashboardAsync(prison.Id, DangerousOnly, cancellationToken);
        return Page();
    }
}
