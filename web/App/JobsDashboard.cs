using Hangfire;
using Prison.Db;
using Prison.Db.Audit;
using Prison.Web.SignIn;

namespace Prison.Web.App;

/// <summary>
/// Hangfire's dashboard, for operators: every run of the scheduled jobs with its states, retries and failures, the
/// servers, and buttons to fire a job or retry a failed run. It reads the same storage as the operations page: in
/// production the workers' PostgreSQL schema (web runs no job itself), in the embedded mode web's own memory.
/// </summary>
public static class JobsDashboard
{
    public const string Path = "/operations/jobs";

    /// <summary>The dashboard's own poll of its counters, a POST every few seconds: not an operator's act.</summary>
    private const string StatsPath = Path + "/stats";

    public static void MapJobsDashboard(this WebApplication app) =>
        // An endpoint, so the fallback policy sends someone not signed in to the sign-in page first; the filter then
        // refuses every signed-in user who is not an operator. The dashboard's own POSTs carry the antiforgery
        // token of ASP.NET Core's antiforgery, which Hangfire checks on every request.
        app.MapHangfireDashboard(Path, new DashboardOptions
        {
            Authorization = [],
            AsyncAuthorization = [new OperatorDashboardAuthorization()],
            AppPath = "/operations",
            DashboardTitle = "Scheduled jobs",
            DisplayStorageConnectionString = false,
        });

    /// <summary>
    /// Audits each of the dashboard's buttons an operator used (fire a recurring job, retry, delete...): a POST to the
    /// dashboard that Hangfire carried out, with the jobs it named. Refused posts are audited where they are refused.
    /// </summary>
    public static void UseJobsDashboardAudit(this WebApplication app) =>
        app.UseWhen(
            context => HttpMethods.IsPost(context.Request.Method)
                && context.Request.Path.StartsWithSegments(Path, StringComparison.OrdinalIgnoreCase)
                && !context.Request.Path.StartsWithSegments(StatsPath, StringComparison.OrdinalIgnoreCase),
            branch => branch.Use(async (context, next) =>
            {
                // Read before Hangfire reads it: the form is kept on the request, so Hangfire reads the same one.
                var jobs = context.Request.HasFormContentType
                    ? string.Join(", ", (await context.Request.ReadFormAsync(context.RequestAborted))["jobs[]"].OfType<string>())
                    : string.Empty;
                await next(context);
                if (context.Response.StatusCode is >= 200 and < 300)
                {
                    var db = context.RequestServices.GetRequiredService<PrisonDb>();
                    var action = context.Request.Path.Value![Path.Length..];
                    db.AuditEntries.Add(AuditEntry.JobRun($"From the jobs dashboard: {action}{(jobs.Length == 0 ? string.Empty : $" for {jobs}")}"));
                    await db.SaveChangesAsync(CancellationToken.None);
                }
            }));
}
