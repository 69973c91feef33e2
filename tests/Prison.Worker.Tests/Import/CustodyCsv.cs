using Prison.Worker.Import;

namespace Prison.Worker.Tests.Import;

/// <summary>
/// Writes small custody files for tests. The columns are in another order than the real files' (and race and
/// sealed are kept), to show the importer reads them by name.
/// </summary>
internal static class CustodyCsv
{
    public const string Header = "top_charge,inmateid,sealed,age,gender,race,custody_level,admitted_dt,srg_flg,bradh,inmate_status_code,infraction";

    public const string Admitted = "2025-07-30T21:15:00.000";

    public static string Row(
        string inmateId,
        string admitted = Admitted,
        string custodyLevel = "MED",
        string bradh = "N",
        string gender = "M",
        string age = "30.0",
        string status = "DE",
        string srg = "N",
        string topCharge = "155.25",
        string infraction = "N") =>
        $"{topCharge},{inmateId},N,{age},{gender},B,{custodyLevel},{admitted},{srg},{bradh},{status},{infraction}";

    public static string FileName(DateOnly day) => $"DOC_Inmates_InCustody_Daily_{day:yyyyMMdd}.csv";

    /// <summary>Writes the day's file into <paramref name="folder"/> and returns it.</summary>
    public static CustodyFile Write(string folder, DateOnly day, params string[] rows) =>
        WriteRaw(folder, day, Header, rows);

    public static CustodyFile WriteRaw(string folder, DateOnly day, string header, params string[] rows)
    {
        var path = Path.Combine(folder, FileName(day));
        File.WriteAllLines(path, [header, .. rows]);
        return CustodyFile.FromPath(path)!;
    }
}
