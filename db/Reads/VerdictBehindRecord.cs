namespace Prison.Db.Reads;

/// <summary>
/// A known verdict stored beside a later version of the record than the one it was computed for: what the dashboard
/// must never show. Migration 011 makes the database refuse it; <c>verify</c> still looks, since it is the promise.
/// </summary>
public sealed record VerdictBehindRecord(Guid PrisonerId, string Number, long? EvaluatedVersion, long ChangeVersion, DateTime? EvaluatedAtUtc, DateTime ChangedAtUtc);
