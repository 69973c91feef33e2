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
    public bool Skipped => SkippedBecause is not null;

    public double RowsPerSecond => Elapsed > TimeSpan.Zero ? Rows / Elapsed.TotalSeconds : 0;

    public static DayReport Skip(CustodyFile file, string because) => new(file, because, 0, 0, 0, 0, 0, [], TimeSpan.Zero);
}
