using Microsoft.AspNetCore.Mvc;
using Prison.Db;
using Prison.Db.Reads;
using Prison.Domain.Evaluation;
using Prison.Web.SignIn;
using Prison.Web.Pages.Shared;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisoners;

/// <summary>
/// What an open prisoner page asks every few seconds: "does my verdict block still read as stamp S?". 304 with no body
/// when it does, else the block as it reads now; one statement by the prisoner's key either way. A prisoner out of the
/// user's reach (<see cref="PrisonScope"/>) answers 404 as an unknown one does, from the same statement, and is audited
/// (<see cref="OutOfReachAudit"/>). Never renews the session (<see cref="SignInPaths.IsPoll"/>), and is not audited as a
/// read: it asks every few seconds, and the page that opened it is audited.
/// </summary>
public static class VerdictPoll
{
    public static string PathOf(Guid prisonerId) => $"/api/prisoners/{prisonerId}/verdict";

    public static void MapVerdictPoll(this WebApplication app) =>
        app.MapGet("/api/prisoners/{id:guid}/verdict", async (
            Guid id, [FromQuery] string? since, HttpContext http, PrisonDb db, RuleSet ruleSet, RuleTitles titles, PrisonTime time, PrisonDirectory directory,
            CancellationToken cancellationToken) =>
        {
            var scope = PrisonScope.Of(http.User);
            if (await db.StoredVerdictAsync(id, scope.PrisonIds, cancellationToken) is not { } verdict)
            {
                // Only on this refusal, and only for a user limited to prisons: is it unknown, or beyond their reach?
                if (!scope.IsEverywhere && await db.PrisonerNumberAsync(id, cancellationToken) is { } number)
                {
                    await OutOfReachAudit.PrisonerAsync(http, id, number, cancellationToken);
                }

                return Results.Problem($"There is no prisoner {id}.", statusCode: StatusCodes.Status404NotFound);
            }

            var prisons = await directory.AllAsync(cancellationToken);
            var block = VerdictBlock.Of(verdict, ruleSet.Id, titles, time, prisonId => prisons.FirstOrDefault(p => p.Id == prisonId)?.Name ?? $"prison {prisonId}");
            http.Response.Headers.CacheControl = "no-store";
            return block.Stamp == since
                ? Results.StatusCode(StatusCodes.Status304NotModified)
                : Results.Ok(new { stamp = block.Stamp, block.Status, block.Label, block.Badge, block.Fired, block.Evaluated, block.NextReevaluation, block.RuleSet });
        }).RequireAuthorization(Policies.Staff);
}
