namespace Prison.Db.Runs;

/// <summary>A finished batch of a run; its key makes a redelivered batch count once.</summary>
public sealed class ReevaluationBatch
{
    public Guid RunId { get; init; }

    public int Number { get; init; }

    public int Prisoners { get; init; }

    public bool Failed { get; init; }

    /// <summary>The host and process that ran the batch.</summary>
    public required string Worker { get; init; }

    public DateTime FinishedAtUtc { get; init; }
}
