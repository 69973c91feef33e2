using System.Security.Claims;

namespace Prison.Web.SignIn;

/// <summary>The session a cookie belongs to (a row of staff_session), carried as a claim in the cookie.</summary>
public static class SessionClaim
{
    public const string Type = "prison:session";

    public static Guid? Of(ClaimsPrincipal? principal) =>
        Guid.TryParse(principal?.FindFirstValue(Type), out var id) ? id : null;
}
