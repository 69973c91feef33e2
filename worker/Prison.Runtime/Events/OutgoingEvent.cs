using Prison.ServiceDefaults;

namespace Prison.Runtime.Events;

/// <summary>One event as it goes out: a CloudEvents 1.0 message in structured mode, and where the exchange routes it.</summary>
/// <param name="Body">The whole CloudEvent as JSON (<see cref="ContentType"/>: application/cloudevents+json).</param>
public sealed record OutgoingEvent(string Id, string Type, string RoutingKey, string ContentType, ReadOnlyMemory<byte> Body, DateTime OccurredAtUtc);
