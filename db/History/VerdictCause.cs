using Prison.Domain;

namespace Prison.Db.History;

/// <summary>
/// What caused a verdict, with a short detail (the entry recorded, the rule set now in force, the imported day). Kept
/// on the prisoner's row from the save of a record change until its verdict is stored, and copied by the database
/// into the history row when that verdict changes the known one (migration 013).
/// </summary>
public sealed record VerdictCause(VerdictCauseKind Kind, string? Detail = null)
{
    public const int MaxDetail = 200;

    public string? Detail { get; } = Detail is null || Detail.Length <= MaxDetail ? Detail : Detail[..(MaxDetail - 1)] + "…";

    public static VerdictCause WindowClosed { get; } = new(VerdictCauseKind.WindowClosed);

    public static VerdictCause Recorded(string what) => new(VerdictCauseKind.RecordedEntry, what);

    public static VerdictCause RuleSetChanged(string ruleSetId) => new(VerdictCauseKind.RuleSetChanged, ruleSetId);

    public static VerdictCause Import(string what) => new(VerdictCauseKind.Import, what);

    public static VerdictCause Other(string? what = null) => new(VerdictCauseKind.Other, what);

    /// <summary>
    /// Why a prisoner, as loaded for evaluation, gets a verdict of the rule set <paramref name="ruleSetId"/> at
    /// <paramref name="nowUtc"/>: null while it awaits the verdict of a record change (the cause that change's save
    /// stored on the row, which the verdict write keeps, since it writes only for that version); otherwise a new rule set
    /// in force, or a window that closed (its re-evaluation time has passed), or else <see cref="Other"/>.
    /// </summary>
    public static VerdictCause? OfReevaluation(Prisoner prisoner, string ruleSetId, DateTime nowUtc) =>
        prisoner.DangerStatus == DangerStatus.Unknown ? null
        : prisoner.RuleSet != ruleSetId ? RuleSetChanged(ruleSetId)
        : prisoner.ReevaluateAtUtc <= nowUtc ? WindowClosed
        : Other();
}
