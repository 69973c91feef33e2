using Prison.Db.Import;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Worker.Import;

/// <summary>
/// Replays what one day's row (or its absence) implies on a prisoner's record, through the aggregate's methods
/// only, so that every change marks the danger status Unknown and bumps the change version like any other.
/// Each change is made only when the record does not say it already, so a row that differs from yesterday's in a
/// way the record already reflects (a custody level going blank, say) leaves the prisoner untouched.
/// Counts what it did, for the day's report.
/// </summary>
public sealed class CustodyReplay(CustodyFile file, IReadOnlyDictionary<string, int> prisonIds, MadeUpDetails madeUp)
{
    /// <summary>The threat group a srg_flg of Y records a verified membership of.</summary>
    public const string SecurityRiskGroup = "security risk group";

    public const string InfractionNotice = "Infraction flagged in the NYC DOC daily custody file";

    private readonly DateOnly _day = file.Day;
    private readonly List<RejectedRow> _rejected = [];

    public int Arrivals { get; private set; }

    public int Releases { get; private set; }

    public int Changes { get; private set; }

    public IReadOnlyList<RejectedRow> Rejected => _rejected;

    /// <summary>A row that is well-formed but cannot be replayed.</summary>
    public void Reject(CustodyRow row, string reason) => _rejected.Add(new RejectedRow(file.Name, row.Line, reason));

    /// <summary>Someone new to the files: a new prisoner, admitted on the day of their admission.</summary>
    public (Prisoner Prisoner, CustodyInmate Known) Receive(CustodyRow row)
    {
        var prisoner = new Prisoner(
            row.InmateId,
            madeUp.NameOf(row.InmateId, row.IsWoman),
            MadeUpDetails.DateOfBirthOf(row.Age, _day),
            StatusCodes.LegalStatusOf(row.StatusCode));
        prisoner.Admit(PrisonOf(row), row.AdmittedOn);
        Arrivals++;
        Apply(prisoner, previous: null, row);
        var known = new CustodyInmate(row.InmateId, prisoner.Id);
        row.RememberIn(known, _day);
        return (prisoner, known);
    }

    /// <summary>
    /// Someone known whose row differs from the last one imported. A new admitted_dt is a new stay: the previous
    /// one, if the record still holds it open, ended the day before (or on the new admission's day, if earlier).
    /// Back in the files after leaving them with the same admitted_dt, the person was away from the files rather
    /// than released (court, hospital, a late file); the record cannot take a release back, so a new stay starts
    /// on the day they reappear.
    /// </summary>
    public void Follow(Prisoner prisoner, CustodyInmate known, CustodyRow row)
    {
        var version = prisoner.ChangeVersion;
        var newStay = known.Admitted != row.Admitted;
        if (newStay && prisoner.CurrentImprisonment is { } current)
        {
            Leave(prisoner, Latest(current.ArrivalDate, Earliest(_day.AddDays(-1), row.AdmittedOn)));
        }

        var arrived = false;
        if ((newStay || known.ReleasedOn is not null) && prisoner.CurrentImprisonment is null)
        {
            var lastLeft = prisoner.Imprisonments.Max(i => i.LeftOn) ?? DateOnly.MinValue;
            prisoner.Admit(PrisonOf(row), newStay ? Latest(row.AdmittedOn, lastLeft) : _day);
            Arrivals++;
            arrived = true;
        }

        Apply(prisoner, known, row);
        row.RememberIn(known, _day);
        if (!arrived && prisoner.ChangeVersion != version)
        {
            Changes++;
        }
    }

    /// <summary>Someone missing from the day's file: released that day.</summary>
    public void Release(Prisoner prisoner, CustodyInmate known)
    {
        if (prisoner.CurrentImprisonment is { } current)
        {
            Leave(prisoner, Latest(_day, current.ArrivalDate));
        }

        known.ReleasedOn = _day;
    }

    /// <summary>Ends the stay and the self-harm watch: a watch is kept on someone in custody and ends when they leave.</summary>
    private void Leave(Prisoner prisoner, DateOnly on)
    {
        prisoner.Release(on);
        Releases++;
        foreach (var watch in prisoner.SelfHarmWatches.Where(w => w.Period.End is null).ToList())
        {
            prisoner.EndSelfHarmWatch(watch.Id, Latest(on, watch.Period.Start));
        }
    }

    private void Apply(Prisoner prisoner, CustodyInmate? previous, CustodyRow row)
    {
        var status = StatusCodes.LegalStatusOf(row.StatusCode);
        if (prisoner.LegalStatus != status)
        {
            prisoner.ChangeLegalStatus(status);
        }

        if (CustodyLevels.SecurityCategoryOf(row.CustodyLevel) is { } category && prisoner.SecurityCategory != category)
        {
            prisoner.ChangeSecurityCategory(category);
        }

        var membership = prisoner.ThreatGroupMemberships.FirstOrDefault(m => m.GroupName == SecurityRiskGroup && m.Period.End is null);
        if (row.SecurityRiskGroup && membership is null)
        {
            prisoner.RecordThreatGroupMembership(SecurityRiskGroup, _day, verified: true);
        }
        else if (!row.SecurityRiskGroup && membership is not null)
        {
            prisoner.EndThreatGroupMembership(membership.Id, Latest(_day, membership.Period.Start));
        }

        var watch = prisoner.SelfHarmWatches.FirstOrDefault(w => w.Period.End is null);
        if (row.MentalObservation && watch is null)
        {
            prisoner.StartSelfHarmWatch(_day);
        }
        else if (!row.MentalObservation && watch is not null)
        {
            prisoner.EndSelfHarmWatch(watch.Id, Latest(_day, watch.Period.Start));
        }

        // The flag says "a recent infraction", not which or when: a notice dated the day it turns Y, of type Other.
        if (row.Infraction && previous is not { Infraction: true })
        {
            prisoner.RecordDisciplinaryNotice(_day, NoticeType.Other, InfractionNotice);
        }

        // Only a new top charge is a new charge; the previous one stays as it was (the files do not say it was dropped).
        if (row.TopCharge is { } topCharge && topCharge != previous?.TopCharge)
        {
            var charge = ImportedCharge.FromTopCharge(topCharge);
            prisoner.RecordCharge(charge.Offence, charge.Category, charge.IsViolent);
        }

        // A sentenced person's top charge is taken to be the offence they were sentenced for.
        if (status == LegalStatus.Convicted && row.TopCharge is { } sentencedFor)
        {
            var offence = ImportedCharge.FromTopCharge(sentencedFor).Offence;
            if (prisoner.Charges.LastOrDefault(c => c.Offence == offence && c.Outcome == ChargeOutcome.Pending) is { } pending)
            {
                prisoner.ConcludeCharge(pending.Id, ChargeOutcome.Convicted);
            }
        }
    }

    private int PrisonOf(CustodyRow row) => prisonIds[MadeUpDetails.FacilityOf(row.InmateId, row.IsWoman).Code];

    private static DateOnly Latest(DateOnly a, DateOnly b) => a > b ? a : b;

    private static DateOnly Earliest(DateOnly a, DateOnly b) => a < b ? a : b;
}
