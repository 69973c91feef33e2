using Hangfire;
using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace Prison.Runtime.Jobs;

/// <summary>Ready when this host's Hangfire server has announced itself in the job storage and that storage answers.</summary>
internal sealed class JobServerHealthCheck(JobStorage storage, JobServerName name) : IHealthCheck
{
    public Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
    {
        try
        {
            var server = storage.GetMonitoringApi().Servers().FirstOrDefault(s => name.Names(s.Name));
            return Task.FromResult(server is null
                ? HealthCheckResult.Unhealthy("This process's Hangfire server has not announced itself in the job storage.")
                : HealthCheckResult.Healthy($"Hangfire server {server.Name}, {server.WorkersCount} workers, last heartbeat {server.Heartbeat:u}."));
        }
        catch (Exception error) when (error is not OperationCanceledException)
        {
            return Task.FromResult(HealthCheckResult.Unhealthy("The job storage does not answer.", error));
        }
    }
}
