using System.Security.Claims;
using Prison.Worker.Hosting;

namespace Prison.Web.SignIn;

/// <summary>
/// The roles whose users must sign in with two factors (<see cref="Key"/>, e.g. "Admin,Operator"): such a user who has
/// not enrolled an authenticator yet is sent to the enrolment page from every other page until they have. None by
/// default; production sets it (README, "Signing in and users").
/// </summary>
public sealed class TwoFactorRequirement
{
    public const string Key = "SignIn:RequireTwoFactorFor";

    private TwoFactorRequirement(IReadOnlyList<string> roles) => Roles = roles;

    public IReadOnlyList<string> Roles { get; }

    public static TwoFactorRequirement From(IConfiguration configuration)
    {
        var roles = new List<string>();
        foreach (var typed in (configuration[Key] ?? string.Empty).Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries))
        {
            roles.Add(Db.Identity.Roles.Find(typed)
                ?? throw new StartupException($"{Key} names '{typed}', which is not a role. The roles are {string.Join(", ", Db.Identity.Roles.All)}."));
        }

        return new TwoFactorRequirement([.. roles.Distinct()]);
    }

    /// <summary>Whether this signed-in user must enrol before anything else: in such a role, without two factors on.</summary>
    public bool MustEnrol(ClaimsPrincipal user) =>
        user.Identity?.IsAuthenticated == true && !TwoFactorClaim.IsOn(user) && Roles.Any(user.IsInRole);
}
