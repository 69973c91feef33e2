namespace Prison.Db.Identity;

/// <summary>One key of ASP.NET Core's data protection (it signs the session and antiforgery cookies), as the XML it writes.</summary>
public sealed class DataProtectionKey
{
    public required string Name { get; init; }

    public required string Xml { get; init; }
}
