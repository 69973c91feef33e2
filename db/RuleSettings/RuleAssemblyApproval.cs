namespace Prison.Db.RuleSettings;

/// <summary>
/// A headquarters admin's approval of one rules assembly, by the SHA-256 of its bytes: web and worker load a file of
/// Rules:Folder only when its hash has a row here, so a file changed after its approval is another file, not approved.
/// </summary>
public sealed class RuleAssemblyApproval
{
    /// <summary>Lower-case hexadecimal, 64 characters.</summary>
    public required string Sha256 { get; init; }

    /// <summary>The file's name when it was approved; the same bytes under another name are the same assembly.</summary>
    public required string FileName { get; init; }

    /// <summary>The rule classes the file held when it was approved, read from its metadata, separated by commas.</summary>
    public required string Rules { get; init; }

    public required string ApprovedBy { get; init; }

    public DateTime ApprovedAtUtc { get; init; }
}
