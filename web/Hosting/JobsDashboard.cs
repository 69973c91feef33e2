using Hangfire;
using Prison.Web.SignIn;

namespace Prison.Web.Hosting;

/// <summary>
/// Hangfire's dashboard, for operators: every run of the scheduled jobs with its states, retries and failures, the
/// servers, and buttons to fire a job or retry a failed run. It reads the same storage as the operations page: in
/// production the workers' PostgreSQL schema (web runs no job itself), in the embedded mode web's own memory.
/// </summary>
public static class JobsDashboard
{
    public const string Path = "/operations/jobs";

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
}
