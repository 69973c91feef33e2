namespace Prison.Db.Identity;

public sealed record EndedSession(Guid Id, DateTime EndedAtUtc);
