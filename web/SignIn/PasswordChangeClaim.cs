using System.Security.Claims;

namespace Prison.Web.SignIn;

/// <summary>
/// Carried in the session cookie of a user whose password someone else set (<see cref="Db.Identity.StaffUser.MustChangePassword"/>).
/// Put there by <see cref="StaffClaimsPrincipalFactory"/> from the user's row whenever the cookie is made or its
/// security stamp checked, so it costs no statement per request; the change signs the browser in anew, without it.
/// </summary>
public static class PasswordChangeClaim
{
    public const string Type = "prison:must-change-password";

    public static bool IsOn(ClaimsPrincipal principal) => principal.Identity?.IsAuthenticated == true && principal.HasClaim(Type, "yes");
}
