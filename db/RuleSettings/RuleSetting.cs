namespace Prison.Db.RuleSettings;

/// <summary>
/// An admin's choice for one rule, with who made it, when and why (kept for the audit log). A rule without a
/// setting keeps its default: enabled unless the configuration key Rules:Disabled names it.
/// </summary>
public sealed class RuleSetting
{
    public required string Code { get; init; }

    public bool Enabled { get; set; }

    public required string Reason { get; set; }

    public required string ChangedBy { get; set; }

    public DateTime ChangedAtUtc { get; set; }
}
