using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Prison.Runtime;
using Prison.Runtime.Evaluation;
using Prison.ServiceDefaults;
using Prison.ServiceDefaults.Telemetry;

namespace Prison.Worker;

/// <summary>The worker service: consumers and scheduled jobs, with health endpoints for its orchestrator.</summary>
public static class WorkerApp
{
    public static async Task<WebApplication> BuildAsync(string[] args, Action<WebApplicationBuilder>? configure = null, CancellationToken cancellationToken = default)
    {
        var builder = WebApplication.CreateBuilder(args);
        var settings = builder.AddPrison(hostWorker: true);
        builder.AddPrisonTelemetry("prison-worker", hostsWorker: true);
        configure?.Invoke(builder);
        await StartupChecks.EnsureReachableAsync(settings, cancellationToken);
        var app = builder.Build();
        if (settings.IsEmbeddedDatabase)
        {
            await app.Services.MigratePrisonDatabaseAsync(cancellationToken);
        }

        // The rules now, once the database is migrated and before anything evaluates: the approved assemblies of
        // Rules:Folder are read here, and a problem with one stops the start.
        app.Services.GetRequiredService<CurrentRules>();

        app.Services.RegisterPrisonSchedule();
        app.MapPrisonHealth();
        return app;
    }
}
