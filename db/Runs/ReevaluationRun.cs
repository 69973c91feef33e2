namespace Prison.Db.Runs;

/// <summary>
/// A full re-evaluation: its scope, its totals and its progress. Not part of the domain: it is bookkeeping of the
/// work the worker does, read by the operator's console.
/// </summary>
public sealed class ReevaluationRun
{
    public Guid Id { get; init; } = Guid.CreateVersion7();

    public required string StartedBy { get; init; }

    public required string Scope { get; init; }

    public required string RuleSet { get; init; }

    public int Total { get; init; }

    public int Done { get; init; }

    public int Failed { get; init; }

    public int Batches { get; init; }

    public int FinishedBatches { get; init; }

    public DateTime StartedAtUtc { get; init; }

    public DateTime? FinishedAtUtc { get; init; }

    /// <summary>True while the run goes on; null once finished. A unique index on it allows one run at a time.</summary>
    public bool? IsCurrent { get; init; } = true;

    public bool IsFinished => FinishedAtUtc is not null;

    public override string ToString() => $"run {Id} ({Scope}, started by {StartedBy}): {Done + Failed} of {Total}{(IsFinished ? ", finished" : "")}";
}
