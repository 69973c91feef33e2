using Prison.Db;
using Prison.Db.Runs;
using Prison.Web.SignIn;

namespace Prison.Web.Pages.Operations;

/// <summary>A run's progress, for the operations page's live bar.</summary>
public static class RunProgressEndpoint
{
    public static void MapRunProgress(this WebApplication app) =>
        app.MapGet("/api/runs/{id:guid}", async (Guid id, PrisonDb db, CancellationToken cancellationToken) =>
            await db.RunAsync(id, cancellationToken) is { } run
                ? Results.Ok(new { id = run.Id, total = run.Total, done = run.Done, failed = run.Failed, finished = run.IsFinished })
                : Results.NotFound())
            .RequireAuthorization(Policies.Operator);
}
