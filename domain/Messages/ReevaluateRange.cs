namespace Prison.Domain.Messages;

/// <summary>
/// One batch of a re-evaluation run: the prisoners whose ids sort after <see cref="After"/> (from the first when
/// null) up to and including <see cref="UpTo"/>, in the database's order of ids, narrowed to the run's scope
/// (a prison's current prisoners, or one prisoner) when one is given.
/// </summary>
public sealed record ReevaluateRange(Guid RunId, int Batch, Guid? After, Guid UpTo, int? PrisonId = null, Guid? PrisonerId = null);
