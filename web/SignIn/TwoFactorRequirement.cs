using System.Security.Claims;
using Prison.ServiceDefaults;

namespace Prison.Web.SignIn;

/// <summary>
/// The roles whose users must sign in with two factors: such a user who has not enrolled an authenticator yet is sent to
/// the enrolment page from every other page until they have. Every role unless <see cref="Key"/> says otherwise
/// (a list such as "Admin,Operator", or <see cref="NoRole"/>); the embedded mode's demo needs none by default.
/// </summary>
public sealed class TwoFactorRequirement
{
    public const string Key = "SignIn:RequireTwoFactorFor";

    /// <summary>The value that lets every role sign in with the password alone: said explicitly, never implied by a blank.</summary>
    public const string NoRole = "none";

    private TwoFactorRequirement(IReadOnlyList<string> roles) => Roles = roles;

    public IReadOnlyList<string> Roles { get; }

    /// <summary>
    /// A blank or missing setting is the default (every role outside the embedded mode), so that an empty variable in a
    /// deployment cannot turn the requirement off.
    /// </summary>
    public static TwoFactorRequirement From(IConfiguration configuration, PrisonSettings settings)
    {
        var typed = (configuration[Key] ?? string.Empty).Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries);
        if (typed.Length == 0)
        {
            return new TwoFactorRequirement(settings.IsEmbedded ? [] : Db.Identity.Roles.All);
        }

        if (typed.Any(t => string.Equals(t, NoRole, StringComparison.OrdinalIgnoreCase)))
        {
            return typed.Length == 1
                ? new TwoFactorRequirement([])
                : throw new StartupException($"{Key} names '{NoRole}' beside roles: give '{NoRole}' alone, or the roles that must sign in with two factors.");
        }

        var roles = new List<string>();
        foreach (var role in typed)
        {
            roles.Add(Db.Identity.Roles.Find(role)
                ?? throw new StartupException($"{Key} names '{role}', which is not a role. The roles are {string.Join(", ", Db.Identity.Roles.All)} (or '{NoRole}')."));
        }

        return new TwoFactorRequirement([.. roles.Distinct()]);
    }

    /// <summary>Whether this signed-in user must enrol before anything else: in such a role, without two factors on.</summary>
    public bool MustEnrol(ClaimsPrincipal user) =>
        user.Identity?.IsAuthenticated == true && !TwoFactorClaim.IsOn(user) && Roles.Any(user.IsInRole);
}
