using Microsoft.AspNetCore.Mvc;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Web.Pages.Prisons.ComingUp;
using Prison.Web.SignIn;
using Prison.Web.Pages.Shared;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisons.Dashboard;

/// <summary>
/// What an open dashboard asks every few seconds: "has anything changed since stamp S?". 304 with no body when the
/// prison's stamp is still S, else the dashboard as it is now (rows, counts, stamp); one statement at most
/// (<see cref="DashboardReads.DashboardIfChangedAsync"/>), none when the stamp read for another screen a moment ago
/// is S (<see cref="DashboardStamps"/>). Without a stamp, the dashboard as it is now. Never renews the session
/// (<see cref="SignInPaths.IsPoll"/>), and is not audited as a read (it asks every few seconds; the page load that
/// opened it is); a prison beyond the user's reach is (<see cref="PrisonInReach"/>).
/// </summary>
public static class DashboardPoll
{
    public static string PathOf(string prisonCode) => $"/api/prisons/{Uri.EscapeDataString(prisonCode)}/dashboard";

    public static void MapDashboardPoll(this WebApplication app) =>
        app.MapGet("/api/prisons/{code}/dashboard", async (
            [FromQuery] string? since, HttpContext http, PrisonDb db, DashboardStamps stamps, RuleTitles titles,
            TimeProvider clock, CancellationToken cancellationToken) =>
        {
            var prison = PrisonInReach.Of(http);
            var stamp = DashboardStamp.Never;
            if (since is not null && !DashboardStamp.TryParse(since, out stamp))
            {
                return Results.Problem($"'{since}' is not a stamp of a dashboard: give the one the last answer carried.", statusCode: StatusCodes.Status400BadRequest);
            }

            // Each answer is for the page that asked, as of now: nothing between may keep one.
            http.Response.Headers.CacheControl = "no-store";
            if (stamps.Stands(prison.Id, stamp))
            {
                return Results.StatusCode(StatusCodes.Status304NotModified);
            }

            var readAt = stamps.Now();
            var polled = await db.DashboardIfChangedAsync(
                prison.Id, stamp, cancellationToken, ComingUpWindow.DefaultUntilUtc(clock));
            stamps.Remember(prison.Id, polled.Stamp, readAt);
            return polled.Changed is { } dashboard ? Results.Ok(Answer(dashboard, titles)) : Results.StatusCode(StatusCodes.Status304NotModified);
        }).AddEndpointFilter(PrisonInReach.GuardAsync).RequireAuthorization(Policies.Staff);

    /// <summary>The dashboard as the page's script shows it: each row's cells in words, as the page itself writes them.</summary>
    private static object Answer(PrisonDashboard dashboard, RuleTitles titles) => new
    {
        stamp = dashboard.Stamp.ToString(),
        counts = new { dangerous = dashboard.Counts.Dangerous, notDangerous = dashboard.Counts.NotDangerous, unknown = dashboard.Counts.Unknown },
        comingUp = dashboard.ComingUp,
        rows = dashboard.Rows.Select(row => new
        {
            id = row.PrisonerId,
            number = row.Number,
            name = row.Name,
            legalStatus = Words.Of(row.LegalStatus.ToString()),
            arrived = row.ArrivalDate.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture),
            status = row.Status.ToString(),
            label = StatusLabels.Of(row.Status),
            badge = StatusLabels.CssClass(row.Status),
            fromEarlierRuleSet = row.FromEarlierRuleSet,
            reasons = string.Join("; ", row.FiredRules.Select(code => titles[code])),
        }),
    };
}
