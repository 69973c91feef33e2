using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Domain;
using Prison.Web.Status;

namespace Prison.Web.Pages;

public sealed class IndexModel(PrisonDirectory prisons) : PageModel
{
    public IReadOnlyList<PrisonFacility> Prisons { get; private set; } = [];

    public async Task OnGetAsync(CancellationToken cancellationToken) => Prisons = await prisons.AllAsync(cancellationToken);
}
