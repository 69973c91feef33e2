namespace Prison.Db.Runs;

/// <summary>The last prisoner id of one batch, and how many prisoners the whole run holds.</summary>
public sealed record BatchEnd(Guid Id, long Total);
