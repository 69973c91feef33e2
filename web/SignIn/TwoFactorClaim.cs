using System.Security.Claims;

namespace Prison.Web.SignIn;

/// <summary>
/// Carried in the session cookie of a user whose two-factor sign-in is on. Put there by
/// <see cref="StaffClaimsPrincipalFactory"/> from the user's row whenever the cookie is made or its security stamp
/// checked, so it costs no statement per request. A user with two factors on cannot get a cookie without giving a code
/// (Identity's sign-in asks for one), so the claim also says this session passed the second step.
/// </summary>
public static class TwoFactorClaim
{
    public const string Type = "prison:two-factor";

    public static bool IsOn(ClaimsPrincipal principal) => principal.HasClaim(Type, "on");
}
