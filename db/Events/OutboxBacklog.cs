namespace Prison.Db.Events;

/// <summary>The events waiting in the outbox to be relayed, and when the oldest of them occurred (null when none waits).</summary>
public sealed record OutboxBacklog(int Waiting, DateTime? OldestOccurredAtUtc);
