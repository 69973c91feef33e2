namespace Prison.Worker.Import;

/// <summary>Where an import reports its progress: a progress bar at a terminal, a line per file otherwise.</summary>
public interface IImportProgress
{
    void DayStarted(CustodyFile file);

    /// <summary><paramref name="rows"/> more rows of the current file are done.</summary>
    void RowsDone(int rows);

    void DayFinished(DayReport report);
}
