using Prison.Db.Import;

namespace Prison.Worker.Import;

/// <summary>One well-formed row of a custody file: one person held that day.</summary>
/// <param name="Admitted">admitted_dt normalised to yyyy-MM-ddTHH:mm:ss.fff (NYC local time): identifies the stay.</param>
/// <param name="AdmittedOn">The local day of the admission: the stay's arrival date.</param>
/// <param name="CustodyLevel">MIN, MED, MAX, or null when blank.</param>
/// <param name="Age">Whole years, or null when blank.</param>
/// <param name="TopCharge">The top charge as the file spells it, or null when there is none.</param>
public sealed record CustodyRow(
    int Line,
    string InmateId,
    string Admitted,
    DateOnly AdmittedOn,
    string? CustodyLevel,
    bool MentalObservation,
    string Gender,
    int? Age,
    string? StatusCode,
    bool SecurityRiskGroup,
    string? TopCharge,
    bool Infraction)
{
    public bool IsWoman => Gender == "F";

    /// <summary>
    /// Whether this row says nothing new about an inmate still in custody: same stay and same values in every
    /// column the importer replays. Age, race and gender are not compared: a birthday is not an event.
    /// </summary>
    public bool IsLike(CustodyInmate known) =>
        known.ReleasedOn is null
        && known.Admitted == Admitted
        && known.CustodyLevel == CustodyLevel
        && known.StatusCode == StatusCode
        && known.TopCharge == TopCharge
        && known.MentalObservation == MentalObservation
        && known.SecurityRiskGroup == SecurityRiskGroup
        && known.Infraction == Infraction;

    public void RememberIn(CustodyInmate known, DateOnly day) =>
        known.Remember(Admitted, CustodyLevel, StatusCode, TopCharge, MentalObservation, SecurityRiskGroup, Infraction, recordedOn: day, releasedOn: null);
}
