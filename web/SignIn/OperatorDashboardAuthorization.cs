using Hangfire.Dashboard;
using Prison.Db.Identity;

namespace Prison.Web.SignIn;

/// <summary>Hangfire's dashboard is the operator's, like the operations page: others get 403 (401 when nobody is signed in).</summary>
public sealed class OperatorDashboardAuthorization : IDashboardAuthorizationFilter
{
    public bool Authorize(DashboardContext context) =>
        context.GetHttpContext().User is { Identity.IsAuthenticated: true } user && user.IsInRole(Roles.Operator);
}
