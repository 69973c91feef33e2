using Microsoft.AspNetCore.Mvc;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Web.SignIn;

namespace Prison.Web.Status;

/// <summary>The endpoint the pages poll while a status is Unknown: any number of prisoners in one statement.</summary>
public static class StatusPoll
{
    public const int MaxIds = 100;

    public static void MapStatusPoll(this WebApplication app) =>
        app.MapGet("/api/statuses", async ([FromQuery] string? ids, PrisonDb db, RuleTitles titles, CancellationToken cancellationToken) =>
        {
            var parsed = (ids ?? string.Empty).Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
            if (parsed.Length is 0 or > MaxIds)
            {
                return Results.Problem($"Give between 1 and {MaxIds} prisoner ids, separated by commas.", statusCode: StatusCodes.Status400BadRequest);
            }

            var guids = new List<Guid>(parsed.Length);
            foreach (var id in parsed)
            {
                if (!Guid.TryParse(id, out var guid))
                {
                    return Results.Problem($"'{id}' is not a prisoner id.", statusCode: StatusCodes.Status400BadRequest);
                }

                guids.Add(guid);
            }

            var statuses = await db.StatusesAsync(guids, cancellationToken);
            return Results.Ok(statuses.Select(s => new
            {
                id = s.PrisonerId,
                status = s.Status.ToString(),
                label = StatusLabels.Of(s.Status),
                rules = s.FiredRules.Select(code => titles[code]),
            }));
        }).RequireAuthorization(Policies.Staff);
}
