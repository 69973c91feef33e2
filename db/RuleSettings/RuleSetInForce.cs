namespace Prison.Db.RuleSettings;

/// <summary>The single row naming the rule set verdicts must be made with; the verdict write refuses any other.</summary>
public sealed class RuleSetInForce
{
    public const int TheRow = 1;

    public int Id { get; init; } = TheRow;

    public required string RuleSet { get; set; }

    public DateTime ChangedAtUtc { get; set; }
}
