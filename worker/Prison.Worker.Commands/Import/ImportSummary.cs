namespace Prison.Worker.Import;

/// <summary>What an import did, over all its days.</summary>
public sealed class ImportSummary(IReadOnlyList<DayReport> days)
{
    public IReadOnlyList<DayReport> Days { get; } = days;

    public int DaysImported => Days.Count(d => d.Imported);

    public int DaysSkipped => Days.Count(d => d.Skipped);

    /// <summary>Why the import stopped at a day it refused (nothing of that day or later was imported), or null.</summary>
    public string? Refusal => Days.FirstOrDefault(d => d.Refused)?.RefusedBecause;

    public int Rows => Days.Where(d => d.Imported).Sum(d => d.Rows);

    public int Arrivals => Days.Sum(d => d.Arrivals);

    public int Releases => Days.Sum(d => d.Releases);

    public int ReleasesHeldBack => Days.Sum(d => d.ReleasesHeldBack);

    public int Changes => Days.Sum(d => d.Changes);

    public int Published => Days.Sum(d => d.Published);

    public IReadOnlyList<RejectedRow> Rejected => Days.SelectMany(d => d.Rejected).ToList();

    public TimeSpan Elapsed => TimeSpan.FromTicks(Days.Sum(d => d.Elapsed.Ticks));

    /// <summary>Rows of the imported days per second spent importing them.</summary>
    public double RowsPerSecond => Elapsed > TimeSpan.Zero ? Rows / Elapsed.TotalSeconds : 0;
}
