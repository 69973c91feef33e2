namespace Prison.Runtime.Messaging;

/// <summary>
/// Never sent. <see cref="BrokerConnection"/> connects a handler for it to the bus, which is what makes MassTransit
/// consume from the process's own temporary queue (it otherwise waits for a request client that this product never
/// uses). Only a consuming queue fails when the broker goes and starts again when it is back, so only then do the
/// bus's health check and its endpoint observers see an outage in a process without consumers: web, the command line.
/// </summary>
public sealed record ConnectionProbe;
