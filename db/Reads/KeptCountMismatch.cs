namespace Prison.Db.Reads;

/// <summary>
/// A count kept at write time that differs from the same count computed from the stays and the stored verdicts:
/// <paramref name="What"/> names it (a status, or "coming up" with its rule set and instant).
/// </summary>
public sealed record KeptCountMismatch(int PrisonId, string What, long Kept, long Actual);
