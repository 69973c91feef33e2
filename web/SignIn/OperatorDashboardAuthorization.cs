using Hangfire.Dashboard;
using Prison.Db.Identity;

namespace Prison.Web.SignIn;

/// <summary>
/// Hangfire's dashboard is the operator's, like the operations page: others get 403 (the sign-in page first when nobody
/// is signed in), and the refusal is audited as the pages' refusals are.
/// </summary>
public sealed class OperatorDashboardAuthorization : IDashboardAsyncAuthorizationFilter
{
    public async Task<bool> AuthorizeAsync(DashboardContext context)
    {
        var http = context.GetHttpContext();
        if (http.User is not { Identity.IsAuthenticated: true } user)
        {
            return false;
        }

        if (user.IsInRole(Roles.Operator))
        {
            return true;
        }

        await RefusedAccessAudit.WriteAsync(http);
        return false;
    }
}
