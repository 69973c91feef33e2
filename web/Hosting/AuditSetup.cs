using Microsoft.Extensions.DependencyInjection.Extensions;
using Prison.Db.Audit;
using Prison.Db.Identity;
using Prison.Web.SignIn;

namespace Prison.Web.Hosting;

public static class AuditSetup
{
    /// <summary>
    /// Makes the signed-in person the actor the audit log records, in place of the worker's process name, and the one
    /// whose reach decides whether a headquarters act (the rule set, rules assemblies) is allowed.
    /// </summary>
    public static void AddPrisonAudit(this IServiceCollection services)
    {
        services.AddHttpContextAccessor();
        services.Replace(ServiceDescriptor.Scoped<IAuditActor, SignedInActor>());
        services.Replace(ServiceDescriptor.Scoped<IActorReach, SignedInReach>());
    }
}
