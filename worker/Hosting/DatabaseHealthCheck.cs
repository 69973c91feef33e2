using Microsoft.Extensions.Diagnostics.HealthChecks;
using Prison.Db;

namespace Prison.Worker.Hosting;

internal sealed class DatabaseHealthCheck(PrisonDb db) : IHealthCheck
{
    public async Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default) =>
        await db.Database.CanConnectAsync(cancellationToken)
            ? HealthCheckResult.Healthy()
            : HealthCheckResult.Unhealthy("The database does not answer.");
}
