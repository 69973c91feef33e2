using System.Security.Claims;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>Who is recording, as a strike-out names them. The one place to change once staff sign in.</summary>
public static class StaffName
{
    public const string Unknown = "staff (not signed in)";

    public static string Of(ClaimsPrincipal user) => user.Identity?.Name is { Length: > 0 } name ? name : Unknown;
}
