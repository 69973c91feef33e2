namespace Prison.Db.Reads;

/// <summary>
/// Which prisoners a load reads: the ones of <see cref="Ids"/>, or when it is null those whose ids sort after
/// <see cref="After"/> up to and including <see cref="UpTo"/>.
/// </summary>
internal readonly record struct LoadedKeys(Guid[]? Ids, Guid After, Guid UpTo);
