using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace Prison.Runtime.Events;

/// <summary>
/// Degraded while this process's relay cannot hand events to the broker (or read the outbox): the worker still
/// evaluates, and the events wait in the outbox, none lost, until the relay succeeds again.
/// </summary>
internal sealed class EventRelayHealthCheck(EventRelay relay) : IHealthCheck
{
    public Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default) =>
        Task.FromResult(relay.Failing is { } error
            ? HealthCheckResult.Degraded("Events cannot be relayed: they wait in the outbox until the broker takes them.", error)
            : HealthCheckResult.Healthy("Relaying events."));
}
