namespace Prison.Db.Import;

/// <summary>An entry of a prisoner's record that an imported day added, ended or concluded, and in which order.</summary>
public sealed class ImportedEntryChange
{
    private ImportedEntryChange()
    {
        InmateId = string.Empty;
    }

    public ImportedEntryChange(DateOnly day, string inmateId, int step, Guid entryId, EntryChange change)
    {
        Day = day;
        InmateId = inmateId;
        Step = step;
        EntryId = entryId;
        Change = change;
    }

    public DateOnly Day { get; private set; }

    public string InmateId { get; private set; }

    /// <summary>1 for the day's first change to the inmate's record, 2 for the next: a revert undoes them last first.</summary>
    public int Step { get; private set; }

    public Guid EntryId { get; private set; }

    public EntryChange Change { get; private set; }
}
