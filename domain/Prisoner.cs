using System.Collections.ObjectModel;
using System.Reflection;
using Prison.Domain.Record;

namespace Prison.Domain;

/// <summary>
/// The aggregate root of everything the danger rules read. Every change to the record goes through a
/// method here, and each one marks the danger status Unknown and bumps <see cref="ChangeVersion"/>, so the
/// stored verdict can never describe a record that has since changed (the worker's write is guarded by
/// the version it evaluated).
/// </summary>
public sealed class Prisoner
{
    private readonly IList<Stay> _stays = new List<Stay>();
    private readonly IList<DisciplinaryNotice> _notices = new List<DisciplinaryNotice>();
    private readonly IList<Charge> _charges = new List<Charge>();
    private readonly IList<WithdrawalEpisode> _withdrawals = new List<WithdrawalEpisode>();
    private readonly IList<Request> _requests = new List<Request>();
    private readonly IList<CourtHearing> _hearings = new List<CourtHearing>();
    private readonly IList<Detainer> _detainers = new List<Detainer>();
    private readonly IList<SegregationPeriod> _segregations = new List<SegregationPeriod>();
    private readonly IList<EscapeRecord> _escapes = new List<EscapeRecord>();
    private readonly IList<ThreatGroupMembership> _threatGroups = new List<ThreatGroupMembership>();
    private readonly IList<IntelligenceReport> _intelligence = new List<IntelligenceReport>();
    private readonly IList<DrugTest> _drugTests = new List<DrugTest>();
    private readonly IList<SelfHarmWatch> _selfHarmWatches = new List<SelfHarmWatch>();
    private readonly IList<PsychiatricEpisode> _psychiatricEpisodes = new List<PsychiatricEpisode>();
    private readonly IList<MedicationStop> _medicationStops = new List<MedicationStop>();
    private readonly IList<VisitBan> _visitBans = new List<VisitBan>();
    private readonly IList<ContactOrderBreach> _contactOrderBreaches = new List<ContactOrderBreach>();
    private string _dangerReasons = string.Empty;

    /// <summary>The record's collections: each field above that holds entries declares one, and nothing else lists them.</summary>
    private static readonly FieldInfo[] RecordFields = typeof(Prisoner).GetFields(BindingFlags.Instance | BindingFlags.NonPublic)
        .Where(f => f.FieldType.IsGenericType && f.FieldType.GetGenericTypeDefinition() == typeof(IList<>) && f.FieldType.GetGenericArguments()[0].IsSubclassOf(typeof(Entry)))
        .ToArray();

    private Prisoner()
    {
        Number = string.Empty;
        Name = string.Empty;
    }

    public Prisoner(string number, string name, DateOnly? dateOfBirth, LegalStatus legalStatus)
    {
        Number = Require.Text(number, nameof(number), 32);
        Name = Require.Text(name, nameof(name), 200);
        DateOfBirth = dateOfBirth;
        LegalStatus = legalStatus;
        ChangeVersion = 1;
        Id = Guid.CreateVersion7();
    }

    /// <summary>Made by the public constructor only: EF Core sets the stored one.</summary>
    public Guid Id { get; private set; }

    /// <summary>The number staff know the prisoner by.</summary>
    public string Number { get; private set; }

    public string Name { get; private set; }

    public DateOnly? DateOfBirth { get; private set; }

    public LegalStatus LegalStatus { get; private set; }

    public SecurityCategory? SecurityCategory { get; private set; }

    public DangerStatus DangerStatus { get; private set; }

    /// <summary>Codes of the rules that fired in the stored verdict.</summary>
    public IReadOnlyList<string> DangerReasons => RuleCodes.Parse(_dangerReasons);

    public DateTime? EvaluatedAtUtc { get; private set; }

    /// <summary>When the stored verdict next changes by the passing of time alone (UTC).</summary>
    public DateTime? ReevaluateAtUtc { get; private set; }

    /// <summary>Identifies the rule set that produced the stored verdict.</summary>
    public string? RuleSet { get; private set; }

    /// <summary>Bumped by every change of the record; a verdict is only stored for the version it evaluated.</summary>
    public long ChangeVersion { get; private set; }

    /// <summary>
    /// The change version the stored verdict was computed for. The database refuses a known status beside any other
    /// version than <see cref="ChangeVersion"/>, and clears the verdict when the version moves.
    /// </summary>
    public long? EvaluatedVersion { get; private set; }

    /// <summary>
    /// Whether this record, as loaded, still waits for a verdict of the rule set <paramref name="ruleSetId"/>: it is
    /// Unknown, or its stored verdict is for another version or another rule set.
    /// </summary>
    public bool AwaitsVerdict(string ruleSetId) =>
        DangerStatus == DangerStatus.Unknown || EvaluatedVersion != ChangeVersion || RuleSet != ruleSetId;

    public IReadOnlyList<Stay> Stays => Live(_stays);

    public Stay? CurrentStay => _stays.FirstOrDefault(i => i.IsCurrent && !i.IsStruck);

    public IReadOnlyList<DisciplinaryNotice> DisciplinaryNotices => Live(_notices);

    public IReadOnlyList<Charge> Charges => Live(_charges);

    public IReadOnlyList<WithdrawalEpisode> WithdrawalEpisodes => Live(_withdrawals);

    public IReadOnlyList<Request> Requests => Live(_requests);

    public IReadOnlyList<CourtHearing> CourtHearings => Live(_hearings);

    public IReadOnlyList<Detainer> Detainers => Live(_detainers);

    public IReadOnlyList<SegregationPeriod> SegregationPeriods => Live(_segregations);

    public IReadOnlyList<EscapeRecord> EscapeRecords => Live(_escapes);

    public IReadOnlyList<ThreatGroupMembership> ThreatGroupMemberships => Live(_threatGroups);

    public IReadOnlyList<IntelligenceReport> IntelligenceReports => Live(_intelligence);

    public IReadOnlyList<DrugTest> DrugTests => Live(_drugTests);

    public IReadOnlyList<SelfHarmWatch> SelfHarmWatches => Live(_selfHarmWatches);

    public IReadOnlyList<PsychiatricEpisode> PsychiatricEpisodes => Live(_psychiatricEpisodes);

    public IReadOnlyList<MedicationStop> MedicationStops => Live(_medicationStops);

    public IReadOnlyList<VisitBan> VisitBans => Live(_visitBans);

    public IReadOnlyList<ContactOrderBreach> ContactOrderBreaches => Live(_contactOrderBreaches);

    /// <summary>The kinds of entry the record holds, one per collection, in the order they are declared above.</summary>
    public static IReadOnlyList<Type> EntryKinds { get; } = [.. RecordFields.Select(f => f.FieldType.GetGenericArguments()[0])];

    /// <summary>
    /// Every entry of the record, struck out or not, for showing the record as it was written. The rules read
    /// the collections above, which hold only the entries that were not struck out.
    /// </summary>
    public IEnumerable<Entry> EntriesIncludingStruck() => RecordFields.SelectMany(field => (IEnumerable<Entry>)field.GetValue(this)!);

    public void CorrectPersonalDetails(string name, DateOnly? dateOfBirth)
    {
        Name = Require.Text(name, nameof(name), 200);
        DateOfBirth = dateOfBirth;
        Changed();
    }

    public void ChangeLegalStatus(LegalStatus status)
    {
        LegalStatus = status;
        Changed();
    }

    public void ChangeSecurityCategory(SecurityCategory? category)
    {
        SecurityCategory = category;
        Changed();
    }

    /// <summary>Receives the prisoner into custody at a prison: the start of a custody episode.</summary>
    public Stay Admit(int prisonId, DateOnly arrivalDate)
    {
        if (CurrentStay is { } current)
        {
            throw new RecordRefusedException($"{Number} is already held at prison {current.PrisonId} since {current.ArrivalDate:yyyy-MM-dd}; transfer instead.");
        }

        RefuseOverlap(arrivalDate, null);
        return Add(_stays, new Stay(prisonId, arrivalDate, ArrivalReason.NewReception));
    }

    /// <summary>
    /// Records a stay that ended before today and was learned of later, in any order with the others: rules 38
    /// and 40 count earlier stays. It may not overlap another stay, though one may begin the day another ends,
    /// as a transfer does.
    /// </summary>
    public Stay RecordPastStay(int prisonId, DateOnly arrivalDate, DateOnly leftOn, ArrivalReason reason)
    {
        if (leftOn < arrivalDate)
        {
            throw new RecordRefusedException($"Leaving on {leftOn:yyyy-MM-dd} is before the arrival on {arrivalDate:yyyy-MM-dd}.");
        }

        RefuseOverlap(arrivalDate, leftOn);
        var stay = new Stay(prisonId, arrivalDate, reason);
        stay.Leave(leftOn);
        return Add(_stays, stay);
    }

    /// <summary>Moves the prisoner to another prison: the current stay ends and a new one begins the same day.</summary>
    public Stay Transfer(int prisonId, DateOnly date, bool forDisciplinaryReasons)
    {
        var current = CurrentStay
            ?? throw new RecordRefusedException($"{Number} is not in custody and cannot be transferred.");
        current.Leave(date);
        var next = new Stay(prisonId, date, forDisciplinaryReasons ? ArrivalReason.DisciplinaryTransfer : ArrivalReason.Transfer);
        next.Sentenced(current.Sentence);
        return Add(_stays, next);
    }

    public void Release(DateOnly date)
    {
        var current = CurrentStay
            ?? throw new RecordRefusedException($"{Number} is not in custody and cannot be released.");
        current.Leave(date);
        Changed();
    }

    /// <summary>Records the sentence being served in the current imprisonment (null when not sentenced).</summary>
    public void Sentence(Sentence? sentence)
    {
        var current = CurrentStay
            ?? throw new RecordRefusedException($"{Number} is not in custody.");
        current.Sentenced(sentence);
        Changed();
    }

    public DisciplinaryNotice RecordDisciplinaryNotice(DateOnly date, NoticeType type, string description) =>
        Add(_notices, new DisciplinaryNotice(date, type, description));

    public Charge RecordCharge(string offence, OffenceCategory category, bool isViolent, DateOnly? offenceDate = null) =>
        Add(_charges, new Charge(offence, category, isViolent, offenceDate));

    public void ConcludeCharge(Guid chargeId, ChargeOutcome outcome) => Update(_charges, chargeId, c => c.Conclude(outcome));

    /// <summary>Another charge (or none) took this one's place as the charge the prisoner is held on, from <paramref name="day"/>.</summary>
    public void SupersedeCharge(Guid chargeId, DateOnly day) => Update(_charges, chargeId, c => c.Supersede(day));

    public WithdrawalEpisode StartWithdrawal(DateOnly start, string substance) =>
        Add(_withdrawals, new WithdrawalEpisode(start, substance));

    public void EndWithdrawal(Guid episodeId, DateOnly end) => Update(_withdrawals, episodeId, e => e.End(end));

    public Request RecordRequest(RequestType type, DateOnly date, RequestDecision decision = RequestDecision.Pending) =>
        Add(_requests, new Request(type, date, decision));

    public void DecideRequest(Guid requestId, RequestDecision decision) => Update(_requests, requestId, r => r.Decide(decision));

    public CourtHearing ScheduleCourtHearing(DateOnly date, string court) => Add(_hearings, new CourtHearing(date, court));

    public Detainer LodgeDetainer(string authority, DateOnly lodged) => Add(_detainers, new Detainer(authority, lodged));

    public void LiftDetainer(Guid detainerId, DateOnly day) => Update(_detainers, detainerId, d => d.Lift(day));

    public SegregationPeriod Segregate(DateOnly start, string reason) => Add(_segregations, new SegregationPeriod(start, reason));

    public void EndSegregation(Guid periodId, DateOnly end) => Update(_segregations, periodId, s => s.End(end));

    public EscapeRecord RecordEscape(DateOnly date, EscapeKind kind) => Add(_escapes, new EscapeRecord(date, kind));

    public ThreatGroupMembership RecordThreatGroupMembership(string groupName, DateOnly since, bool verified) =>
        Add(_threatGroups, new ThreatGroupMembership(groupName, since, verified));

    public void VerifyThreatGroupMembership(Guid membershipId) => Update(_threatGroups, membershipId, m => m.Verify());

    public void EndThreatGroupMembership(Guid membershipId, DateOnly end) => Update(_threatGroups, membershipId, m => m.End(end));

    public IntelligenceReport RecordIntelligence(DateOnly date, IntelligenceGrade grade, string summary) =>
        Add(_intelligence, new IntelligenceReport(date, grade, summary));

    public DrugTest RecordDrugTest(DateOnly date, DrugTestResult result) => Add(_drugTests, new DrugTest(date, result));

    public SelfHarmWatch StartSelfHarmWatch(DateOnly start) => Add(_selfHarmWatches, new SelfHarmWatch(start));

    public void EndSelfHarmWatch(Guid watchId, DateOnly end) => Update(_selfHarmWatches, watchId, w => w.End(end));

    public PsychiatricEpisode RecordPsychiatricEpisode(DateOnly date, bool isViolent, string note) =>
        Add(_psychiatricEpisodes, new PsychiatricEpisode(date, isViolent, note));

    public MedicationStop RecordMedicationStop(DateOnly date, string medication, bool isAntipsychotic, bool stoppedByPrisoner) =>
        Add(_medicationStops, new MedicationStop(date, medication, isAntipsychotic, stoppedByPrisoner));

    public VisitBan BanVisits(DateOnly start, DateOnly? end, string reason) => Add(_visitBans, new VisitBan(new DateRange(start, end), reason));

    public void LiftVisitBan(Guid banId, DateOnly day) => Update(_visitBans, banId, b => b.Lift(day));

    public ContactOrderBreach RecordContactOrderBreach(DateOnly date, string description) =>
        Add(_contactOrderBreaches, new ContactOrderBreach(date, description));

    /// <summary>
    /// Strikes out an entry made in error: it stays on the record with who, when and why, and no rule reads it
    /// again. Striking out the stay a transfer began reopens the stay it ended, since the move did not happen.
    /// </summary>
    public Entry StrikeOut(Guid entryId, Strike strike)
    {
        var entry = EntriesIncludingStruck().FirstOrDefault(e => e.Id == entryId)
            ?? throw new RecordRefusedException($"Entry {entryId} is not on the record of {Number}.");
        var reopened = entry is Stay { IsCurrent: true, ArrivalReason: not ArrivalReason.NewReception } stay
            ? Live(_stays).FirstOrDefault(i => !ReferenceEquals(i, stay) && i.LeftOn == stay.ArrivalDate)
            : null;
        entry.StrikeOut(strike);
        reopened?.Reopen();
        Changed();
        return entry;
    }

    /// <summary>
    /// Takes back the end of an entry that was recorded in error: a release or transfer out of a stay, the end of a
    /// period (segregation, withdrawal, detainer, visit ban, threat group membership, self-harm watch), a charge
    /// superseded. The entry is current again; the audit log keeps the end that was taken back. A stay is reopened
    /// only when no other stay is current or began after it, so the record keeps one current stay.
    /// </summary>
    public void Reopen(Guid entryId)
    {
        var entry = EntriesIncludingStruck().FirstOrDefault(e => e.Id == entryId && !e.IsStruck)
            ?? throw new RecordRefusedException($"Entry {entryId} is not on the record of {Number}.");
        switch (entry)
        {
            case Stay { LeftOn: not null } stay:
                RefuseOverlap(stay.ArrivalDate, null, except: stay);
                stay.Reopen();
                break;
            case Charge { IsSuperseded: true } charge:
                charge.Reopen();
                break;
            case SegregationPeriod { Period.End: not null } segregation:
                segregation.Reopen();
                break;
            case WithdrawalEpisode { Period.End: not null } withdrawal:
                withdrawal.Reopen();
                break;
            case Detainer { Period.End: not null } detainer:
                detainer.Reopen();
                break;
            case VisitBan { Period.End: not null } ban:
                ban.Reopen();
                break;
            case ThreatGroupMembership { Period.End: not null } membership:
                membership.Reopen();
                break;
            case SelfHarmWatch { Period.End: not null } watch:
                watch.Reopen();
                break;
            default:
                throw new RecordRefusedException($"{entry} has no end to take back.");
        }

        Changed();
    }

    /// <summary>
    /// Stores a verdict in memory when it was made for the current version. The worker writes verdicts
    /// to the database with the same guard in one statement; this is for code that holds the aggregate.
    /// </summary>
    public bool Accept(Evaluation.Verdict verdict, long evaluatedVersion)
    {
        if (evaluatedVersion != ChangeVersion)
        {
            return false;
        }

        DangerStatus = verdict.Status;
        _dangerReasons = RuleCodes.Format(verdict.FiredRules.Select(f => f.Code));
        EvaluatedAtUtc = verdict.EvaluatedAtUtc;
        ReevaluateAtUtc = verdict.ReevaluateAtUtc;
        RuleSet = verdict.RuleSetId;
        return true;
    }

    /// <summary>
    /// Rules read these collections many times per evaluation and entries are seldom struck: a record with none struck
    /// is handed out as a read-only view, not copied.
    /// </summary>
    private static IReadOnlyList<T> Live<T>(IList<T> entries)
        where T : Entry
    {
        // Every rule reads a kind of entry, and most records hold none of most kinds: nothing to wrap.
        if (entries.Count == 0)
        {
            return [];
        }

        for (var i = 0; i < entries.Count; i++)
        {
            if (entries[i].IsStruck)
            {
                return entries.Where(e => !e.IsStruck).ToList().AsReadOnly();
            }
        }

        return new ReadOnlyCollection<T>(entries);
    }

    /// <summary>
    /// The stay (not struck out) that a stay from <paramref name="arrival"/> to <paramref name="left"/> (null: still
    /// held) would overlap, or null. Touching ends are fine: a transfer leaves one prison and arrives at the next on
    /// the same day.
    /// </summary>
    public Stay? OverlappingStay(DateOnly arrival, DateOnly? left, Stay? except = null) =>
        Live(_stays).FirstOrDefault(other => !ReferenceEquals(other, except) &&
            (left is null || other.ArrivalDate < left) && (other.LeftOn is null || arrival < other.LeftOn));

    private void RefuseOverlap(DateOnly arrival, DateOnly? left, Stay? except = null)
    {
        if (OverlappingStay(arrival, left, except) is { } clash)
        {
            throw new RecordRefusedException(
                $"That stay ({arrival:yyyy-MM-dd} to {(left is { } l ? l.ToString("yyyy-MM-dd") : "now")}) overlaps the stay {clash}.");
        }
    }

    private T Add<T>(IList<T> list, T item)
    {
        list.Add(item);
        Changed();
        return item;
    }

    private void Update<T>(IList<T> list, Guid id, Action<T> change)
        where T : Entry
    {
        var item = list.FirstOrDefault(i => i.Id == id && !i.IsStruck)
            ?? throw new RecordRefusedException($"{typeof(T).Name} {id} is not on the record of {Number}.");
        change(item);
        Changed();
    }

    private void Changed()
    {
        DangerStatus = DangerStatus.Unknown;
        _dangerReasons = string.Empty;
        ChangeVersion++;
    }
}
