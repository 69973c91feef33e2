using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Web.Pages.Prisons.ComingUp;
using Prison.Web.SignIn;
using Prison.Web.Pages.Shared;

namespace Prison.Web.Pages.Overview;

/// <summary>
/// The start page: what the signed-in user may open, and nothing else. For whoever may see prisoners (Staff, Admin),
/// the headquarters overview of the prisons they work in (every prison for headquarters): each prison's counts by
/// status, how its Dangerous count moved over the last day and week, and a chart of it day by day over the days asked
/// (<see cref="DaySpanForm"/>), and its coming-up count: two statements whatever the number of prisons, scoped to the same
/// <see cref="PrisonScope"/> that guards the pages; the admin pages for Admin, the operations page for Operator.
/// </summary>
public sealed class IndexModel(PrisonDirectory prisons, IAuthorizationService authorization, PrisonDb db, TimeProvider clock) : PageModel
{
    public IReadOnlyList<PrisonFacility> Prisons { get; private set; } = [];

    public bool SeesPrisoners { get; private set; }

    /// <summary>False for a user limited to prisons: an empty list then means none was given to them, not that none exists.</summary>
    public bool ReachesEveryPrison { get; private set; }

    /// <summary>Bound from the query string: from, to.</summary>
    [BindProperty(SupportsGet = true)]
    public DaySpanForm Span { get; set; } = new();

    /// <summary>Null when the span was refused or the user sees no prison.</summary>
    public PrisonsOverview? Overview { get; private set; }

    private IReadOnlyDictionary<int, int> comingUp = new Dictionary<int, int>();

    /// <summary>How many current prisoners of the prison have a verdict that changes within the week.</summary>
    public int ComingUpAt(int prisonId) => comingUp.GetValueOrDefault(prisonId);

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
        if (!SeesPrisoners)
        {
            return;
        }

        var scope = PrisonScope.Of(User);
        ReachesEveryPrison = scope.IsEverywhere;
        Prisons = await prisons.WithinAsync(scope, cancellationToken);
        // The figures are kept by UTC day (migration 025), so the days asked are UTC days too.
        var today = DateOnly.FromDateTime(clock.GetUtcNow().UtcDateTime);
        if (Prisons.Count > 0 && Span.TryValidate(today, ModelState, out var span))
        {
            // The scope again where the data is read: every prison only for headquarters, never for an empty list.
            Overview = await db.OverviewAsync(scope.PrisonIds, span.First, span.Last, today, cancellationToken);
            comingUp = await db.ComingUpCountsAsync(
                [.. Prisons.Select(p => p.Id)], ComingUpWindow.DefaultUntilUtc(clock), cancellationToken);
        }
    }

    /// <summary>"+2", "−1", "no change", or "not kept" for a day before the figures were kept.</summary>
    public static string Change(int? change) => change switch
    {
        null => "not kept",
        0 => "no change",
        > 0 => $"+{change}",
        < 0 => $"\u2212{-change}",
    };

    public string? Error(string field) => ModelState.TryGetValue(field, out var state) && state.Errors.Count > 0 ? state.Errors[0].ErrorMessage : null;

    private async Task<bool> MayAsync(string policy) => (await authorization.AuthorizeAsync(User, policy)).Succeeded;
}
