using Prison.Db.Import;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Worker.Import;

/// <summary>
/// Replays what one day's row (or its absence) implies on a prisoner's record, through the aggregate's methods
/// only, so that every change marks the danger status Unknown and bumps the change version like any other.
/// Each change is made only when the record does not say it already, so a row that differs from yesterday's in a
/// way the record already reflects (a custody level going blank, say) leaves the prisoner untouched.
/// Counts what it did, for the day's report, and notes it for each inmate (<see cref="Journal"/>), so that the day
/// can be reverted: how the inmate was known before, and each entry it added, ended or concluded, in order.
/// </summary>
public sealed class CustodyReplay(CustodyFile file, IReadOnlyDictionary<string, int> prisonIds, MadeUpDetails madeUp)
{
    /// <summary>The threat group a srg_flg of Y records a verified membership of.</summary>
    public const string SecurityRiskGroup = "security risk group";

    public const string InfractionNotice = "Infraction flagged in the NYC DOC daily custody file";

    private readonly DateOnly _day = file.Day;
    private readonly List<RejectedRow> _rejected = [];
    private readonly List<ImportedInmateChange> _journal = [];

    public int Arrivals { get; private set; }

    public int Releases { get; private set; }

    public int Changes { get; private set; }

    public IReadOnlyList<RejectedRow> Rejected => _rejected;

    /// <summary>What the replay changed for each inmate it touched, to be saved with the changes.</summary>
    public IReadOnlyList<ImportedInmateChange> Journal => _journal;

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
        var journal = Note(row.InmateId, before: null, prisoner: null);
        journal.Record(EntryChange.Added, prisoner.Admit(PrisonOf(row), row.AdmittedOn).Id);
        Arrivals++;
        Apply(prisoner, previous: null, row, journal);
        var known = new CustodyInmate(row.InmateId, prisoner.Id);
        row.RememberIn(known, _day);
        return (prisoner, known);
    }

    /// <summary>
    /// Someone known whose row differs from the last one imported. A new admitted_dt is a new stay: the previous
    /// one, if the record still holds it open, ended the day before (or on the new admission's day, if earlier).
    /// Back in the files after leaving them with the same admitted_dt, the person was away from the files rather
    /// than released (court, hospital, a late file); the import does not take a release back (only `import revert`
    /// does), so a new stay starts on the day they reappear. Someone whose every listed day was reverted is received
    /// again as the row says, into the prisoner they became.
    /// </summary>
    public void Follow(Prisoner prisoner, CustodyInmate known, CustodyRow row)
    {
        var version = prisoner.ChangeVersion;
        var journal = Note(known.InmateId, known, prisoner);
        if (known.IsForgotten)
        {
            var (name, dateOfBirth) = (madeUp.NameOf(row.InmateId, row.IsWoman), MadeUpDetails.DateOfBirthOf(row.Age, _day));
            if (prisoner.Name != name || prisoner.DateOfBirth != dateOfBirth)
            {
                prisoner.CorrectPersonalDetails(name, dateOfBirth);
            }
        }

        var newStay = known.Admitted != row.Admitted;
        if (newStay && prisoner.CurrentStay is { } current)
        {
            Leave(prisoner, Latest(current.ArrivalDate, Earliest(_day.AddDays(-1), row.AdmittedOn)), journal);
        }

        var arrived = false;
        if ((newStay || known.ReleasedOn is not null) && prisoner.CurrentStay is null)
        {
            var lastLeft = prisoner.Stays.Max(i => i.LeftOn) ?? DateOnly.MinValue;
            journal.Record(EntryChange.Added, prisoner.Admit(PrisonOf(row), newStay ? Latest(row.AdmittedOn, lastLeft) : _day).Id);
            Arrivals++;
            arrived = true;
        }

        Apply(prisoner, known, row, journal);
        row.RememberIn(known, _day);
        if (!arrived && prisoner.ChangeVersion != version)
        {
            Changes++;
        }
    }

    /// <summary>Someone missing from the day's file: released that day.</summary>
    public void Release(Prisoner prisoner, CustodyInmate known)
    {
        var journal = Note(known.InmateId, known, prisoner);
        if (prisoner.CurrentStay is { } current)
        {
            Leave(prisoner, Latest(_day, current.ArrivalDate), journal);
        }

        known.ReleasedOn = _day;
    }

    private ImportedInmateChange Note(string inmateId, CustodyInmate? before, Prisoner? prisoner)
    {
        var journal = new ImportedInmateChange(_day, inmateId, before, prisoner);
        _journal.Add(journal);
        return journal;
    }

    /// <summary>Ends the stay and the self-harm watch: a watch is kept on someone in custody and ends when they leave.</summary>
    private void Leave(Prisoner prisoner, DateOnly on, ImportedInmateChange journal)
    {
        var stay = prisoner.CurrentStay!;
        prisoner.Release(on);
        journal.Record(EntryChange.Ended, stay.Id);
        Releases++;
        foreach (var watch in prisoner.SelfHarmWatches.Where(w => w.Period.End is null).ToList())
        {
            prisoner.EndSelfHarmWatch(watch.Id, Latest(on, watch.Period.Start));
            journal.Record(EntryChange.Ended, watch.Id);
        }
    }

    private void Apply(Prisoner prisoner, CustodyInmate? previous, CustodyRow row, ImportedInmateChange journal)
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
            journal.Record(EntryChange.Added, prisoner.RecordThreatGroupMembership(SecurityRiskGroup, _day, verified: true).Id);
        }
        else if (!row.SecurityRiskGroup && membership is not null)
        {
            prisoner.EndThreatGroupMembership(membership.Id, Latest(_day, membership.Period.Start));
            journal.Record(EntryChange.Ended, membership.Id);
        }

        var watch = prisoner.SelfHarmWatches.FirstOrDefault(w => w.Period.End is null);
        if (row.MentalObservation && watch is null)
        {
            journal.Record(EntryChange.Added, prisoner.StartSelfHarmWatch(_day).Id);
        }
        else if (!row.MentalObservation && watch is not null)
        {
            prisoner.EndSelfHarmWatch(watch.Id, Latest(_day, watch.Period.Start));
            journal.Record(EntryChange.Ended, watch.Id);
        }

        // The flag says "a recent infraction", not which or when: a notice dated the day it turns Y, of type Other.
        if (row.Infraction && previous is not { Infraction: true })
        {
            journal.Record(EntryChange.Added, prisoner.RecordDisciplinaryNotice(_day, NoticeType.Other, InfractionNotice).Id);
        }

        // The files name one top charge a day. A new one supersedes the charge the previous one was imported as, whatever
        // its outcome, from this day (a blank one supersedes it with none): the record keeps every charge the files
        // named, and only the current one stands for the rules.
        if (row.TopCharge != previous?.TopCharge)
        {
            if (previous?.TopCharge is { } before && CurrentChargeOf(prisoner, before) is { } superseded)
            {
                prisoner.SupersedeCharge(superseded.Id, _day);
                journal.Record(EntryChange.Ended, superseded.Id);
            }

            if (row.TopCharge is { } topCharge)
            {
                var charge = ImportedCharge.FromTopCharge(topCharge);
                journal.Record(EntryChange.Added, prisoner.RecordCharge(charge.Offence, charge.Category, charge.IsViolent).Id);
            }
        }

        // A sentenced person's top charge is taken to be the offence they were sentenced for.
        if (status == LegalStatus.Convicted && row.TopCharge is { } sentencedFor
            && CurrentChargeOf(prisoner, sentencedFor) is { Outcome: ChargeOutcome.Pending } pending)
        {
            prisoner.ConcludeCharge(pending.Id, ChargeOutcome.Convicted);
            journal.Record(EntryChange.Convicted, pending.Id);
        }
    }

    /// <summary>The charge a top charge was imported as and nothing has superseded; a staff entry of the same offence would do as well.</summary>
    private static Charge? CurrentChargeOf(Prisoner prisoner, string topCharge)
    {
        var offence = ImportedCharge.FromTopCharge(topCharge).Offence;
        return prisoner.Charges.LastOrDefault(c => c.Offence == offence && !c.IsSuperseded);
    }

    private int PrisonOf(CustodyRow row) => prisonIds[MadeUpDetails.FacilityOf(row.InmateId, row.IsWoman).Code];

    private static DateOnly Latest(DateOnly a, DateOnly b) => a > b ? a : b;

    private static DateOnly Earliest(DateOnly a, DateOnly b) => a < b ? a : b;
}
