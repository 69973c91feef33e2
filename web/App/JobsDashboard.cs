using Hangfire;
using Prison.Web.SignIn;

namespace Prison.Web.App;

/// <summary>
/// Hangfire's dashboard, for operators: every run of the scheduled jobs with its states, retries and failures, and
/// the servers. It reads the same storage as the operations page: in production the workers' PostgreSQL schema, which
/// web's role may only read, in the embedded mode web's own memory. Read-only in both: firing a job, retrying or
/// deleting a failed run are the operations page's buttons, which ask a worker by message.
/// </summary>
public static class JobsDashboard
{
    public const string Path = "/operations/jobs";

    public static void MapJobsDashboard(this WebApplication app) =>
        // An endpoint, so the fallback policy sends someone not signed in to the sign-in page first; the filter then
        // refuses every signed-in user who is not an operator. Hangfire answers 401 to its buttons' posts when read-only.
        app.MapHangfireDashboard(Path, new DashboardOptions
        {
            Authorization = [],
            AsyncAuthorization = [new OperatorDashboardAuthorization()],
            IsReadOnlyFunc = _ => true,
            AppPath = "/operations",
            DashboardTitle = "Scheduled jobs",
            DisplayStorageConnectionString = false,
        });
}
