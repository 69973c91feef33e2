namespace Prison.Worker.Import;

/// <summary>
/// The columns of the NYC DOC "Daily Inmates In Custody" files the importer reads, by header name: older files
/// in the archive order them differently. race and sealed are not read, so they are not required.
/// </summary>
public static class CustodyColumns
{
    public const string InmateId = "inmateid";
    public const string AdmittedAt = "admitted_dt";
    public const string CustodyLevel = "custody_level";
    public const string MentalObservation = "bradh";
    public const string Gender = "gender";
    public const string Age = "age";
    public const string StatusCode = "inmate_status_code";
    public const string SecurityRiskGroup = "srg_flg";
    public const string TopCharge = "top_charge";
    public const string Infraction = "infraction";

    public static IReadOnlyList<string> Required { get; } =
        [InmateId, AdmittedAt, CustodyLevel, MentalObservation, Gender, Age, StatusCode, SecurityRiskGroup, TopCharge, Infraction];
}
