using System.Globalization;
using System.Security.Claims;

namespace Prison.Web.SignIn;

/// <summary>
/// When the session a cookie belongs to started (its staff_session row's started_at), carried as a claim in the cookie
/// so that the session's lifetime (<see cref="SessionLifetime"/>) costs no statement per request.
/// </summary>
public static class SessionStartClaim
{
    public const string Type = "prison:session-started";

    public static Claim For(DateTime startedAtUtc) =>
        new(Type, new DateTimeOffset(startedAtUtc, TimeSpan.Zero).ToString("O", CultureInfo.InvariantCulture));

    public static DateTimeOffset? Of(ClaimsPrincipal? principal) =>
        DateTimeOffset.TryParseExact(principal?.FindFirstValue(Type), "O", CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var started) ? started : null;
}
