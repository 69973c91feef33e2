using Spectre.Console;

namespace Prison.Worker.Import;

/// <summary>Drives a Spectre.Console progress task over every row of every file, for an operator at a terminal.</summary>
public sealed class ProgressBarImportProgress(ProgressTask task, IReadOnlyDictionary<CustodyFile, int> rowsPerFile) : IImportProgress
{
    private double _doneBeforeThisFile;

    public void DayStarted(CustodyFile file) => task.Description = $"{file.Day:yyyy-MM-dd}";

    public void RowsDone(int rows) => task.Increment(rows);

    public void DayFinished(DayReport report)
    {
        if (!report.Imported)
        {
            // A skipped or refused day has no rows to wait for: take it out of the total instead of jumping over it.
            task.MaxValue -= rowsPerFile[report.File];
        }
        else
        {
            // Line counts are an estimate (quoted line breaks); settle on the exact position at each file's end.
            _doneBeforeThisFile += rowsPerFile[report.File];
            task.Value = _doneBeforeThisFile;
        }
    }
}
