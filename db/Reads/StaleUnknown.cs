namespace Prison.Db.Reads;

/// <summary>A prisoner whose change has waited for its verdict since <see cref="ChangedAtUtc"/>.</summary>
public sealed record StaleUnknown(Guid PrisonerId, string Number, long ChangeVersion, DateTime ChangedAtUtc);
