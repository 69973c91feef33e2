using MassTransit;
using Prison.Db;
using Prison.Db.Demo;
using Prison.Domain.Evaluation;
using Prison.Runtime.Messaging;

namespace Prison.Web.Demo;

public static class DemoSeeding
{
    /// <summary>Loads the demo prisons and prisoners into an empty database, and has them evaluated.</summary>
    public static async Task SeedDemoDataAsync(this IServiceProvider services, CancellationToken cancellationToken)
    {
        await using var scope = services.CreateAsyncScope();
        var db = scope.ServiceProvider.GetRequiredService<PrisonDb>();
        var today = scope.ServiceProvider.GetRequiredService<PrisonCalendar>().Today(scope.ServiceProvider.GetRequiredService<TimeProvider>().GetUtcNow().UtcDateTime);
        var changes = await db.SeedDemoAsync(today, cancellationToken);
        if (changes.Count > 0)
        {
            var logger = scope.ServiceProvider.GetRequiredService<ILogger<PrisonDb>>();
            logger.LogInformation("Loaded demo data: {Count} prisoners.", changes.Count);

            // The bus is not started yet; published once it is, so no change waits for the sweeper.
            var lifetime = services.GetRequiredService<IHostApplicationLifetime>();
            lifetime.ApplicationStarted.Register(() => _ = Task.Run(async () =>
            {
                await using var publishing = services.CreateAsyncScope();
                await publishing.ServiceProvider.GetRequiredService<ChangePublisher>().PublishAsync(changes, lifetime.ApplicationStopping);
            }));
        }
    }
}
