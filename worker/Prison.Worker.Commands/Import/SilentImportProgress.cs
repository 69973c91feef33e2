namespace Prison.Worker.Import;

/// <summary>Progress nobody watches (tests, and callers that only want the summary).</summary>
public sealed class SilentImportProgress : IImportProgress
{
    public static SilentImportProgress Instance { get; } = new();

    public void DayStarted(CustodyFile file)
    {
    }

    public void RowsDone(int rows)
    {
    }

    public void DayFinished(DayReport report)
    {
    }
}
