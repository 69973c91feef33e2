using Microsoft.Extensions.DependencyInjection.Extensions;
using Prison.Db.Audit;

namespace Prison.Web.Hosting;

public static class AuditSetup
{
    /// <summary>Makes the signed-in person the actor the audit log records, in place of the worker's process name.</summary>
    public static void AddPrisonAudit(this IServiceCollection services)
    {
        services.AddHttpContextAccessor();
        services.Replace(ServiceDescriptor.Scoped<IAuditActor, SignedInActor>());
    }
}
