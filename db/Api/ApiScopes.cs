namespace Prison.Db.Api;

/// <summary>What an API client may be given: read verdicts, write record entries. The one list of them.</summary>
public static class ApiScopes
{
    public const string VerdictsRead = "verdicts.read";

    public const string RecordsWrite = "records.write";

    public static readonly IReadOnlyList<string> All = [VerdictsRead, RecordsWrite];
}
