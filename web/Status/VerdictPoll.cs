using Microsoft.AspNetCore.Mvc;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain.Evaluation;
using Prison.Web.SignIn;

namespace Prison.Web.Status;

/// <summary>
/// What an open prisoner page asks every few seconds: "does my verdict block still read as stamp S?". 304 with no body
/// when it does, else the block as it reads now; one statement by the prisoner's key either way. Never renews the
/// session (<see cref="SignInPaths.IsPoll"/>).
/// </summary>
public static class VerdictPoll
{
    public static string PathOf(Guid prisonerId) => $"/api/prisoners/{prisonerId}/verdict";

    public static void MapVerdictPoll(this WebApplication app) =>
        app.MapGet("/api/prisoners/{id:guid}/verdict", async (
            Guid id, [FromQuery] string? since, HttpResponse response, PrisonDb db, RuleSet ruleSet, RuleTitles titles, PrisonTime time, PrisonDirectory directory,
            CancellationToken cancellationToken) =>
        {
            if (await db.StoredVerdictAsync(id, cancellationToken) is not { } verdict)
            {
                return Results.Problem($"There is no prisoner {id}.", statusCode: StatusCodes.Status404NotFound);
            }

            var prisons = await directory.AllAsync(cancellationToken);
            var block = VerdictBlock.Of(verdict, ruleSet.Id, titles, time, prisonId => prisons.FirstOrDefault(p => p.Id == prisonId)?.Name ?? $"prison {prisonId}");
            response.Headers.CacheControl = "no-store";
            return block.Stamp == since
                ? Results.StatusCode(StatusCodes.Status304NotModified)
                : Results.Ok(new { stamp = block.Stamp, block.Status, block.Label, block.Badge, block.Fired, block.Evaluated, block.NextReevaluation, block.RuleSet });
        }).RequireAuthorization(Policies.Staff);
}
