using System.Globalization;
using System.Security.Claims;
using Prison.Db.Identity;
using Prison.Domain;

namespace Prison.Web.SignIn;

/// <summary>
/// The prisons the signed-in user reaches, read from their session's claims (<see cref="StaffClaimsPrincipalFactory"/>
/// writes them at sign-in and at every security-stamp check): all of them, or a set of prison ids. A user limited to
/// prisons reaches those prisons and the prisoners held there now; whatever is out of reach answers 404, as if it did
/// not exist, and lists and the search leave it out. Every page and endpoint that shows prisoners asks this one type.
/// </summary>
public sealed class PrisonScope
{
    /// <summary>"true" for every prison, "false" for those of the <see cref="PrisonClaim"/> claims. A session without it reaches nothing.</summary>
    public const string AllPrisonsClaim = "prison:all";

    /// <summary>One claim per prison the user works in, its id.</summary>
    public const string PrisonClaim = "prison:id";

    private readonly HashSet<int>? ids;

    private PrisonScope(HashSet<int>? ids) => this.ids = ids;

    public static PrisonScope Everywhere { get; } = new(null);

    public static PrisonScope Of(ClaimsPrincipal user)
    {
        var all = user.FindFirstValue(AllPrisonsClaim);
        if (all == "true")
        {
            return Everywhere;
        }

        // A missing or unreadable claim reaches nothing: a session must never reach more than it was given.
        return new PrisonScope(all == "false"
            ? [.. user.FindAll(PrisonClaim).Select(c => int.TryParse(c.Value, NumberStyles.None, CultureInfo.InvariantCulture, out var id) ? id : (int?)null).OfType<int>()]
            : []);
    }

    /// <summary>Whether <paramref name="user"/>'s session carries its prisons (one signed in before they were kept does not).</summary>
    public static bool IsCarriedBy(ClaimsPrincipal? user) => user?.FindFirst(AllPrisonsClaim) is not null;

    /// <summary>The claims of a user of every prison (<paramref name="allPrisons"/>), or of <paramref name="prisonIds"/>.</summary>
    public static IEnumerable<Claim> Claims(bool allPrisons, IEnumerable<int> prisonIds) =>
        allPrisons
            ? [new Claim(AllPrisonsClaim, "true")]
            : [new Claim(AllPrisonsClaim, "false"), .. prisonIds.Select(id => new Claim(PrisonClaim, id.ToString(CultureInfo.InvariantCulture)))];

    public bool IsEverywhere => ids is null;

    /// <summary>The prisons' ids, for the reads in db that filter by them: null for every prison.</summary>
    public IReadOnlyCollection<int>? PrisonIds => ids;

    public bool Reaches(int prisonId) => ids is null || ids.Contains(prisonId);

    /// <summary>Whether the prisoner is within reach: anyone for every prison, else held now at one of the user's prisons.</summary>
    public bool Reaches(Prisoner prisoner) => ids is null || (prisoner.CurrentStay is { } stay && ids.Contains(stay.PrisonId));

    /// <summary>The prisons of <paramref name="prisons"/> the user reaches, in their order.</summary>
    public IReadOnlyList<PrisonFacility> Within(IReadOnlyList<PrisonFacility> prisons) => ids is null ? prisons : [.. prisons.Where(p => ids.Contains(p.Id))];

    /// <summary>Whose accounts this user may manage, as an admin: <see cref="StaffAccounts"/> checks it on every change.</summary>
    public ActorReach ActorReach => ids is null ? ActorReach.Headquarters : ActorReach.Within(ids);
}
