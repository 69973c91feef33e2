namespace Prison.Db.RuleSettings;

/// <summary>
/// One rule that fired in a prisoner's stored verdict. Written only by the database's triggers, which keep these
/// rows in step with prisoner.danger_reasons; read to count prisoners per rule.
/// </summary>
public sealed class VerdictRule
{
    public required string RuleCode { get; init; }

    public Guid PrisonerId { get; init; }
}
