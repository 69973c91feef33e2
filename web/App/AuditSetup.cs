using Microsoft.Extensions.DependencyInjection.Extensions;
using Prison.Db.Audit;
using Prison.Db.Identity;
using Prison.Web.SignIn;

namespace Prison.Web.App;

public static class AuditSetup
{
    /// <summary>
    /// Makes the signed-in person the actor the audit log records, in place of the worker's process name, and the one
    /// whose reach decides whether a headquarters act (the rule set, rules assemblies) is allowed and whose accounts they manage.
    /// </summary>
    public static void AddPrisonAudit(this IServiceCollection services)
    {
        services.AddHttpContextAccessor();
        services.Replace(ServiceDescriptor.Scoped<IAuditActor, SignedInActor>());
        // Outside a request (the embedded mode's consumers and jobs, the demo's users) the process acts, for every
        // prison; a request without a session reaches none.
        services.Replace(ServiceDescriptor.Scoped(provider =>
            provider.GetRequiredService<IHttpContextAccessor>().HttpContext is { } http ? PrisonScope.Of(http.User).ActorReach : ActorReach.Headquarters));
    }
}
