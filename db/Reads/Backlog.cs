namespace Prison.Db.Reads;

/// <summary>What waits for the worker: prisoners Unknown (and since when the oldest), and verdicts whose time has come.</summary>
public sealed record Backlog(int Unknown, DateTime? OldestUnknownSinceUtc, int Due);
