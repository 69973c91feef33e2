namespace Prison.Web.Api;

/// <summary>What a recorded entry answers: the record's new version, what was recorded in words, and where its verdict is read.</summary>
public sealed record ApiEntrySaved(string Number, string Kind, long RecordVersion, string Saved, string VerdictUrl);
