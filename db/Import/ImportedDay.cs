namespace Prison.Db.Import;

/// <summary>
/// A day of custody files the importer has replayed, with its totals. A file for this day or an earlier one is
/// skipped: its differences were replayed already, and replaying an older day after a newer one would undo arrivals.
/// </summary>
public sealed class ImportedDay
{
    private ImportedDay()
    {
        FileName = string.Empty;
    }

    public ImportedDay(DateOnly day, string fileName, int rowCount, int arrivals, int releases, int changes, int rejectedRows, DateTime importedAtUtc)
    {
        Day = day;
        FileName = fileName;
        RowCount = rowCount;
        Arrivals = arrivals;
        Releases = releases;
        Changes = changes;
        RejectedRows = rejectedRows;
        ImportedAtUtc = importedAtUtc;
    }

    public DateOnly Day { get; private set; }

    public string FileName { get; private set; }

    public int RowCount { get; private set; }

    public int Arrivals { get; private set; }

    public int Releases { get; private set; }

    /// <summary>Prisoners whose record changed without arriving or leaving.</summary>
    public int Changes { get; private set; }

    /// <summary>Rows that were malformed or could not be imported.</summary>
    public int RejectedRows { get; private set; }

    public DateTime ImportedAtUtc { get; private set; }
}
