using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Diagnostics.HealthChecks;
using Prison.Db.Identity;

namespace Prison.ServiceDefaults;

/// <summary>
/// Says which dependency is unhealthy (database, broker, scheduler), not only that one is. What each check says of
/// itself (host names, queues, process ids) goes to signed-in operators only: orchestrators probe without signing in.
/// </summary>
internal static class HealthReportWriter
{
    public static Task WriteAsync(HttpContext context, HealthReport report)
    {
        var detailed = context.User.IsInRole(Roles.Operator);
        context.Response.ContentType = "application/json";
        return context.Response.WriteAsync(JsonSerializer.Serialize(new
        {
            status = report.Status.ToString(),
            checks = report.Entries.ToDictionary(
                e => e.Key,
                e => detailed ? (object)new { status = e.Value.Status.ToString(), description = e.Value.Description } : new { status = e.Value.Status.ToString() }),
        }));
    }
}
