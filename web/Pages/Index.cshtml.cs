using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Domain;
using Prison.Web.SignIn;
using Prison.Web.Status;

namespace Prison.Web.Pages;

/// <summary>
/// The start page: what the signed-in user may open, and nothing else. The prisons they work in for whoever may see
/// prisoners (Staff, Admin), the admin pages for Admin, the operations page for Operator; each asked of the same policy
/// and the same <see cref="PrisonScope"/> that guard the pages, so the list and the guards cannot disagree.
/// </summary>
public sealed class IndexModel(PrisonDirectory prisons, IAuthorizationService authorization) : PageModel
{
    public IReadOnlyList<PrisonFacility> Prisons { get; private set; } = [];

    public bool SeesPrisoners { get; private set; }

    /// <summary>False for a user limited to prisons: an empty list then means none was given to them, not that none exists.</summary>
    public bool ReachesEveryPrison { get; private set; }

    /// <summary>What a recording form saved, when the prisoner it was about left the user's reach (a transfer out, a release).</summary>
    [TempData]
    public string? Saved { get; set; }

    public bool Administers { get; private set; }

    public bool Operates { get; private set; }

    public async Task OnGetAsync(CancellationToken cancellationToken)
    {
        SeesPrisoners = await MayAsync(Policies.Staff);
        Administers = await MayAsync(Policies.Admin);
        Operates = await MayAsync(Policies.Operator);
        if (SeesPrisoners)
        {
            var scope = PrisonScope.Of(User);
            ReachesEveryPrison = scope.IsEverywhere;
            Prisons = await prisons.WithinAsync(scope, cancellationToken);
        }
    }

    private async Task<bool> MayAsync(string policy) => (await authorization.AuthorizeAsync(User, policy)).Succeeded;
}
