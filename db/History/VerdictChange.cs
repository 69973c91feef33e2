using Prison.Domain;

namespace Prison.Db.History;

/// <summary>
/// One change of a prisoner's known verdict: from the previous known verdict (null for a first one) to the new one,
/// with the rules that came and went. Inserted only by the database's triggers, in the statement that stores the
/// verdict (migration 013); read by the prisoner page and "Since last shift".
/// </summary>
public sealed class VerdictChange
{
    private VerdictChange()
    {
    }

    /// <summary>In the order the changes were written: the tie-breaker of "newest first".</summary>
    public long Id { get; private set; }

    public Guid PrisonerId { get; private set; }

    /// <summary>Where the prisoner was held when the verdict changed; null when not in custody.</summary>
    public int? PrisonId { get; private set; }

    /// <summary>When the new verdict was reached (UTC).</summary>
    public DateTime AtUtc { get; private set; }

    public DangerStatus? FromStatus { get; private set; }

    public DangerStatus ToStatus { get; private set; }

    /// <summary>Codes of the rules the new verdict fired for.</summary>
    public IReadOnlyList<string> Reasons => RuleCodes.Parse(StoredReasons);

    /// <summary>Codes the new verdict has that the previous one had not.</summary>
    public IReadOnlyList<string> Came => RuleCodes.Parse(StoredCame);

    /// <summary>Codes the previous verdict had that the new one has not.</summary>
    public IReadOnlyList<string> Went => RuleCodes.Parse(StoredWent);

    public VerdictCauseKind Cause { get; private set; }

    public string? CauseDetail { get; private set; }

    /// <summary>The version of the record the new verdict was computed for.</summary>
    public long ChangeVersion { get; private set; }

    public string? RuleSet { get; private set; }

    public bool BecameDangerous => ToStatus == DangerStatus.Dangerous && FromStatus != DangerStatus.Dangerous;

    public bool NoLongerDangerous => FromStatus == DangerStatus.Dangerous && ToStatus != DangerStatus.Dangerous;

    internal string StoredReasons { get; private set; } = string.Empty;

    internal string StoredCame { get; private set; } = string.Empty;

    internal string StoredWent { get; private set; } = string.Empty;
}
