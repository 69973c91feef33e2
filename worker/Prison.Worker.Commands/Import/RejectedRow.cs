namespace Prison.Worker.Import;

/// <summary>A row that was not imported, and why, where an operator can find it.</summary>
public sealed record RejectedRow(string FileName, int Line, string Reason)
{
    public override string ToString() => $"{FileName}:{Line}: {Reason}";
}
