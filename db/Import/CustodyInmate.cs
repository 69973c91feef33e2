namespace Prison.Db.Import;

/// <summary>
/// What the custody-file importer knows of one person in the files (an NYC DOC inmateid): the prisoner they
/// became and the last row imported for them. It is not part of the aggregate and no rule reads it: each new
/// day's row is compared with it, so that a row like yesterday's never loads or touches the prisoner, and so
/// that events the files only show as flags (an infraction flag turning Y) are recognised.
/// </summary>
public sealed class CustodyInmate
{
    private CustodyInmate()
    {
        InmateId = string.Empty;
        Admitted = string.Empty;
    }

    public CustodyInmate(string inmateId, Guid prisonerId)
    {
        InmateId = inmateId;
        PrisonerId = prisonerId;
        Admitted = string.Empty;
    }

    public string InmateId { get; private set; }

    public Guid PrisonerId { get; private set; }

    /// <summary>The admission of the stay in the last row (NYC local time, yyyy-MM-ddTHH:mm:ss.fff): a new value is a new stay.</summary>
    public string Admitted { get; set; }

    public string? CustodyLevel { get; set; }

    public string? StatusCode { get; set; }

    public string? TopCharge { get; set; }

    /// <summary>bradh: under mental-health observation.</summary>
    public bool MentalObservation { get; set; }

    /// <summary>srg_flg: flagged as a member of a security risk group.</summary>
    public bool SecurityRiskGroup { get; set; }

    public bool Infraction { get; set; }

    /// <summary>The day of the file the row above comes from (the last day it differed from the day before).</summary>
    public DateOnly RecordedOn { get; set; }

    /// <summary>The first day the inmate was missing from the files; null while they are in custody.</summary>
    public DateOnly? ReleasedOn { get; set; }

    /// <summary>
    /// Whether every day that listed the inmate was reverted (worker `import revert`): their next row is taken as a
    /// first one. The row stays, pointing at the prisoner they became, whose entries were struck out, never deleted.
    /// </summary>
    public bool IsForgotten => Admitted.Length == 0;

    /// <summary>As if no file had listed the inmate: not in custody as far as the files go, since the reverted <paramref name="day"/>.</summary>
    public void Forget(DateOnly day) =>
        Remember(string.Empty, null, null, null, mentalObservation: false, securityRiskGroup: false, infraction: false, recordedOn: day, releasedOn: day);

    /// <summary>The one place the last imported row is written: from a day's row, or put back by a revert.</summary>
    public void Remember(
        string admitted, string? custodyLevel, string? statusCode, string? topCharge, bool mentalObservation, bool securityRiskGroup, bool infraction,
        DateOnly recordedOn, DateOnly? releasedOn)
    {
        Admitted = admitted;
        CustodyLevel = custodyLevel;
        StatusCode = statusCode;
        TopCharge = topCharge;
        MentalObservation = mentalObservation;
        SecurityRiskGroup = securityRiskGroup;
        Infraction = infraction;
        RecordedOn = recordedOn;
        ReleasedOn = releasedOn;
    }
}
