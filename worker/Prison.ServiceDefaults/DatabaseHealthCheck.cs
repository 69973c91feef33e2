using System.Data.Common;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Diagnostics.HealthChecks;
using Prison.Db;

namespace Prison.ServiceDefaults;

/// <summary>
/// Asks the database once, on the context's connection but outside EF Core's execution strategy: a health check says
/// how the database is now, while the strategy would ride out a fault for its retries before answering.
/// </summary>
internal sealed class DatabaseHealthCheck(PrisonDb db) : IHealthCheck
{
    public async Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
    {
        var connection = db.Database.GetDbConnection();
        try
        {
            await connection.OpenAsync(cancellationToken);
            await using var command = connection.CreateCommand();
            command.CommandText = "SELECT 1";
            await command.ExecuteScalarAsync(cancellationToken);
            return HealthCheckResult.Healthy();
        }
        catch (DbException error)
        {
            return HealthCheckResult.Unhealthy("The database does not answer.", error);
        }
        finally
        {
            await connection.CloseAsync();
        }
    }
}
