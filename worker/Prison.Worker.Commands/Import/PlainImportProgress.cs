using System.Globalization;

namespace Prison.Worker.Import;

/// <summary>One line per file, for output that is not a terminal (a log, a pipe, a CI job).</summary>
public sealed class PlainImportProgress(TextWriter output) : IImportProgress
{
    public void DayStarted(CustodyFile file)
    {
    }

    public void RowsDone(int rows)
    {
    }

    public void DayFinished(DayReport report) =>
        output.WriteLine(
            report.Skipped ? $"{report.File.Name}: skipped, {report.SkippedBecause}"
            : report.Refused ? $"{report.File.Name}: refused, nothing of it imported"
            : string.Create(CultureInfo.InvariantCulture,
                $"{report.File.Name}: {report.Rows:N0} rows, {report.Arrivals:N0} arrivals, {report.Releases:N0} releases, " +
                $"{report.Changes:N0} changes, {report.Rejected.Count:N0} rejected rows in {report.Elapsed.TotalSeconds:N1} s ({report.RowsPerSecond:N0} rows/s)")
                + HeldBack(report));

    private static string HeldBack(DayReport report) =>
        report.ReleasesHeldBack == 0 ? string.Empty
        : string.Create(CultureInfo.InvariantCulture, $"; {report.ReleasesHeldBack:N0} releases held back: rows without a readable inmateid");
}
