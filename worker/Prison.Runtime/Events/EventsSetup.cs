using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

using Prison.ServiceDefaults;

namespace Prison.Runtime.Events;

public static class EventsSetup
{
    /// <summary>The relay of events out, in a process that hosts the worker: to RabbitMQ when one is configured, else to the log.</summary>
    public static IServiceCollection AddPrisonEvents(this IServiceCollection services, PrisonSettings settings, IConfiguration configuration)
    {
        services.AddSingleton(EventSettings.From(configuration));
        services.AddSingleton<PrisonCloudEvents>();
        if (settings.RabbitMq is { } rabbit)
        {
            // Made by the container, which closes its connection when the host stops.
            services.AddSingleton<IEventSink>(_ => new RabbitMqEventSink(rabbit));
        }
        else
        {
            services.AddSingleton<IEventSink, LoggedEventSink>();
        }

        services.AddSingleton<EventRelay>();
        services.AddHostedService(provider => provider.GetRequiredService<EventRelay>());
        services.AddHealthChecks().AddCheck<EventRelayHealthCheck>("event-relay");
        return services;
    }
}
