using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Diagnostics.HealthChecks;
using Microsoft.Extensions.DependencyInjection;

namespace Prison.ServiceDefaults;

/// <summary>The health every host answers: live when the process answers, ready when its database (and what else it adds) is.</summary>
public static class PrisonHealth
{
    public static IHealthChecksBuilder AddPrisonHealthChecks(this IServiceCollection services) =>
        services.AddHealthChecks().AddCheck<DatabaseHealthCheck>("database");

    public static void MapPrisonHealth(this WebApplication app)
    {
        // Open to orchestrators, which do not sign in.
        app.MapHealthChecks("/health/live", new HealthCheckOptions { Predicate = _ => false }).AllowAnonymous();
        app.MapHealthChecks("/health/ready", new HealthCheckOptions { ResponseWriter = HealthReportWriter.WriteAsync }).AllowAnonymous();
    }
}
