namespace Prison.Worker.Import;

/// <summary>What importing one day's file did.</summary>
/// <param name="SkippedBecause">Why the day was not imported (it is at or before the last imported day), or null.</param>
/// <param name="Rows">Data rows in the file, rejected ones included.</param>
/// <param name="Changes">Prisoners whose record changed without arriving or leaving.</param>
/// <param name="Published">PrisonerChanged messages published after the day's commits.</param>
public sealed record DayReport(
    CustodyFile File,
    string? SkippedBecause,
    int Rows,
    int Arrivals,
    int Releases,
    int Changes,
    int Published,
    IReadOnlyList<RejectedRow> Rejected,
    TimeSpan Elapsed)
{
    /// <summary>
    /// People in custody the file does not list who were not released, because some of its rows have no readable
    /// inmateid: they are released the next day the file is whole, if they are still missing from it.
    /// </summary>
    public int ReleasesHeldBack { get; init; }

    /// <summary>Why the day was refused, nothing of it written (and no later day imported), or null.</summary>
    public string? RefusedBecause { get; init; }

    public bool Skipped => SkippedBecause is not null;

    public bool Refused => RefusedBecause is not null;

    public bool Imported => !Skipped && !Refused;

    public double RowsPerSecond => Elapsed > TimeSpan.Zero ? Rows / Elapsed.TotalSeconds : 0;

    public static DayReport Skip(CustodyFile file, string because) => new(file, because, 0, 0, 0, 0, 0, [], TimeSpan.Zero);

    public static DayReport Refuse(CustodyFile file, int rows, string because) => new(file, null, rows, 0, 0, 0, 0, [], TimeSpan.Zero) { RefusedBecause = because };
}
