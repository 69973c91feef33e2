namespace Prison.Domain.Messages;

/// <summary>
/// One batch of a full re-evaluation: the prisoners whose ids sort after <see cref="After"/> (from the first
/// when null) up to and including <see cref="UpTo"/>, in the database's order of ids.
/// </summary>
public sealed record ReevaluateRange(Guid? After, Guid UpTo);
