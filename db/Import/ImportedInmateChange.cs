using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Db.Import;

/// <summary>
/// One inmate an imported day touched, as the importer knew them just before that day: their last imported row (the
/// <see cref="CustodyInmate"/> columns) and their prisoner's legal status and security category, with the entries the
/// day added, ended or concluded. Reverting the day (worker `import revert`) undoes the entries and puts these back.
/// </summary>
public sealed class ImportedInmateChange
{
    private readonly List<ImportedEntryChange> _entries = [];

    private ImportedInmateChange()
    {
        InmateId = string.Empty;
    }

    /// <param name="before">The inmate as known before the day; null when the day met them first.</param>
    /// <param name="prisoner">Their prisoner before the day changed anything; null when the day made the prisoner.</param>
    public ImportedInmateChange(DateOnly day, string inmateId, CustodyInmate? before, Prisoner? prisoner)
    {
        Day = day;
        InmateId = inmateId;
        if (before is not null)
        {
            Admitted = before.Admitted;
            CustodyLevel = before.CustodyLevel;
            StatusCode = before.StatusCode;
            TopCharge = before.TopCharge;
            MentalObservation = before.MentalObservation;
            SecurityRiskGroup = before.SecurityRiskGroup;
            Infraction = before.Infraction;
            RecordedOn = before.RecordedOn;
            ReleasedOn = before.ReleasedOn;
        }

        LegalStatus = prisoner?.LegalStatus;
        SecurityCategory = prisoner?.SecurityCategory;
    }

    public DateOnly Day { get; private set; }

    public string InmateId { get; private set; }

    /// <summary>Null when the day met the inmate for the first time (and made their prisoner).</summary>
    public string? Admitted { get; private set; }

    public string? CustodyLevel { get; private set; }

    public string? StatusCode { get; private set; }

    public string? TopCharge { get; private set; }

    public bool MentalObservation { get; private set; }

    public bool SecurityRiskGroup { get; private set; }

    public bool Infraction { get; private set; }

    public DateOnly? RecordedOn { get; private set; }

    public DateOnly? ReleasedOn { get; private set; }

    public LegalStatus? LegalStatus { get; private set; }

    public SecurityCategory? SecurityCategory { get; private set; }

    public bool MetFirst => Admitted is null;

    /// <summary>In the order the day made them.</summary>
    public IReadOnlyList<ImportedEntryChange> Entries => _entries;

    public void Record(EntryChange change, Guid entryId) => _entries.Add(new ImportedEntryChange(Day, InmateId, _entries.Count + 1, entryId, change));

    /// <summary>Puts the inmate's last imported row back as it was before the day, or forgets them if the day met them first.</summary>
    public void PutBack(CustodyInmate known)
    {
        if (Admitted is null)
        {
            known.Forget(Day);
            return;
        }

        known.Remember(Admitted, CustodyLevel, StatusCode, TopCharge, MentalObservation, SecurityRiskGroup, Infraction, RecordedOn ?? Day, ReleasedOn);
    }
}
