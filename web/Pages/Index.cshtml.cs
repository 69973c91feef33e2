using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Domain;
using Prison.Web.SignIn;
using Prison.Web.Status;

namespace Prison.Web.Pages;

/// <summary>
/// The start page: what the signed-in user may open, and nothing else. The prisons for whoever may see prisoners
/// (Staff, Admin), the admin pages for Admin, the operations page for Operator; each asked of the same policy that
/// guards the page, so the list and the guard cannot disagree.
/// </summary>
public sealed class IndexModel(PrisonDirectory prisons, IAuthorizationService authorization) : PageModel
{
    public IReadOnlyList<PrisonFacility> Prisons { get; private set; } = [];

    public bool SeesPrisoners { get; private set; }

    public bool Administers { get; private set; }

    public bool Operates { get; private set; }

    public async Task OnGetAsync(CancellationToken cancellationToken)
    {
        SeesPrisoners = await MayAsync(Policies.Staff);
        Administers = await MayAsync(Policies.Admin);
        Operates = await MayAsync(Policies.Operator);
        if (SeesPrisoners)
        {
            Prisons = await prisons.AllAsync(cancellationToken);
        }
    }

    private async Task<bool> MayAsync(string policy) => (await authorization.AuthorizeAsync(User, policy)).Succeeded;
}
