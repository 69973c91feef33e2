namespace Prison.Db.Search;

/// <summary>A prisoner's number and name as stored, read to make their search keys.</summary>
internal sealed record StoredName(Guid Id, string Number, string Name);
