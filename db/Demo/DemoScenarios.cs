using Prison.Domain.Record;
using static Prison.Db.Demo.HarmlessRecords;

namespace Prison.Db.Demo;

/// <summary>
/// The dangerous demo prisoners: one scenario per shipped rule, each making that rule fire (a violent charge
/// can bring rule 37 along for the young), and a few composites that fire several together, as real records
/// do. Day spans sit well inside the rule's window and, where another rule would also count the record, outside
/// that rule's shorter window, so each prisoner shows one clear reason.
/// The order matters: the first scenarios go to the latest arrivals, so newcomers get what newcomers have
/// (withdrawal, watches, remand, an upcoming hearing) and long records go to those held longest.
/// </summary>
internal static class DemoScenarios
{
    public static IReadOnlyList<DemoScenario> All { get; } =
    [
        // DisciplinaryTransferInLast6Months: first, since only a recent arrival fires it.
        new() { ArrivedBy = ArrivalReason.DisciplinaryTransfer },
        // CurrentlyInDrugWithdrawal
        new(d => d.Prisoner.StartWithdrawal(d.DayInCustody(0, 4), d.Pick("heroin", "fentanyl", "alcohol", "benzodiazepines"))),
        // OnSelfHarmWatch
        new(d => d.Prisoner.StartSelfHarmWatch(d.DayInCustody(0, 10))),
        // NotConvicted
        new() { LegalStatus = LegalStatus.Remand },
        new(d => d.Prisoner.ScheduleCourtHearing(d.Today.AddDays(d.Random.Number(30, 90)), d.Pick(Courts))) { LegalStatus = LegalStatus.AwaitingTrial },
        // CourtHearingWithin14Days
        new(d => d.Prisoner.ScheduleCourtHearing(d.Today.AddDays(d.Random.Number(1, 14)), d.Pick(Courts))),
        // NotConvicted, ChargedWithViolentCrime, CourtHearingWithin14Days
        new(d =>
        {
            d.Charge("PL 110/125.25 Attempted murder in the second degree", OffenceCategory.Homicide, isViolent: true, ChargeOutcome.Pending);
            d.Prisoner.ScheduleCourtHearing(d.Today.AddDays(d.Random.Number(1, 14)), d.Pick(Courts));
        })
        {
            LegalStatus = LegalStatus.Remand,
        },
        // ActiveDetainer
        new(d => d.Prisoner.LodgeDetainer(d.Pick("U.S. Immigration and Customs Enforcement", "U.S. Marshals Service", "New Jersey State Parole Board"), d.DayInCustody(0, 90))),
        // SecurityCategoryA
        new(d => d.Prisoner.ChangeSecurityCategory(SecurityCategory.A)),
        // HighGradeIntelligenceInLast3Months
        new(d => d.Prisoner.RecordIntelligence(d.DayInCustody(0, 80), IntelligenceGrade.High, d.Pick("Phone monitoring shows a weapon is to be brought in through visits", "Reliable source reports a planned attack on a rival group member"))),
        // ChargedWithViolentCrime: a new case pending while the sentence of the old one is served.
        new(d => d.Charge(d.Pick("PL 120.05 Assault in the second degree", "PL 120.10 Assault in the first degree"), OffenceCategory.Assault, isViolent: true, ChargeOutcome.Pending, d.DayInCustody(0, 120))),
        // YoungAdultWithViolentCharge (and ChargedWithViolentCrime, which it builds on)
        new(d => d.Charge("PL 160.10 Robbery in the second degree", OffenceCategory.Robbery, isViolent: true, ChargeOutcome.Pending)) { Age = 21 },
        // DisciplinaryNoticeInLast2Months
        new(d => d.Prisoner.RecordDisciplinaryNotice(d.DayInCustody(0, 55), NoticeType.Other, d.Pick("Refused to return to cell after recreation", "Disrupted the count in the housing area"))),
        // VacationRequestDeniedInLast3Months
        new(d => d.Prisoner.RecordRequest(RequestType.TemporaryLeave, d.DayInCustody(0, 80), RequestDecision.Denied)),
        // ParoleDeniedInLast3Months
        new(d => d.Prisoner.RecordRequest(RequestType.Parole, d.DayInCustody(0, 80), RequestDecision.Denied)),
        // TransferRequestDeniedInLastMonth
        new(d => d.Prisoner.RecordRequest(RequestType.Transfer, d.DayInCustody(0, 25), RequestDecision.Denied)),
        // FailedDrugTestInLast3Months
        new(d => d.Prisoner.RecordDrugTest(d.DayInCustody(0, 80), DrugTestResult.Failed)),
        // RefusedDrugTestInLast3Months
        new(d => d.Prisoner.RecordDrugTest(d.DayInCustody(0, 80), DrugTestResult.Refused)),
        // StoppedAntipsychoticsInLast30Days
        new(d => d.Prisoner.RecordMedicationStop(d.DayInCustody(0, 25), d.Pick(Antipsychotics), isAntipsychotic: true, stoppedByPrisoner: true)),
        // ViolentPsychiatricEpisodeInLast6Months
        new(d => d.Prisoner.RecordPsychiatricEpisode(d.DayInCustody(0, 170), isViolent: true, "Assaulted an officer during an acute psychotic episode; moved to a mental observation unit")),
        // CurrentlySegregated
        new(d => d.Prisoner.Segregate(d.DayInCustody(0, 20), "Separated pending investigation of a slashing in the housing area")),
        // VisitsBanned
        new(d => d.Prisoner.BanVisits(d.DayInCustody(0, 40), d.Pick<DateOnly?>(null, d.Today.AddDays(d.Random.Number(14, 90))), "Contraband passed during a contact visit")),
        // DrugsFoundInLast6Months, VisitsBanned, FailedDrugTestInLast3Months: the usual way drugs come in.
        new(d =>
        {
            var day = d.DayInCustody(65, 80);
            d.Prisoner.RecordDisciplinaryNotice(day, NoticeType.Drugs, "K2-soaked paper passed during a contact visit");
            d.Prisoner.RecordDrugTest(day, DrugTestResult.Failed);
            d.Prisoner.BanVisits(day, d.Today.AddDays(d.Random.Number(14, 90)), "Drugs passed during a contact visit");
        }),
        // VictimContactOrderBreachInLast12Months
        new(d => d.Prisoner.RecordContactOrderBreach(d.DayInCustody(0, 330), "Called the protected party from the housing-area phone")),
        // SecurityThreatGroupMember
        new(d => d.Prisoner.RecordThreatGroupMembership(d.Pick(ThreatGroups), d.DaysAgo(200, 2500), verified: true)),
        // SecurityThreatGroupMember, WeaponFoundInLast12Months, DisciplinaryNoticeInLast2Months, CurrentlySegregated
        new(d =>
        {
            var day = d.DayInCustody(0, 20);
            d.Prisoner.RecordThreatGroupMembership(d.Pick(ThreatGroups), d.DaysAgo(300, 2500), verified: true);
            d.Prisoner.RecordDisciplinaryNotice(day, NoticeType.Weapon, "Scalpel-type blade found in a shoe after a fight between rival groups");
            d.Prisoner.Segregate(day, "Restrictive housing after a gang-related fight");
        }),
        // ConvictedOfHomicide: offences New York does not class as violent felonies, so rule 4 stays quiet.
        new(d => d.Charge(d.Pick("PL 125.15 Manslaughter in the second degree", "PL 125.10 Criminally negligent homicide"), OffenceCategory.Homicide, isViolent: false, ChargeOutcome.Convicted)),
        // ConvictedOfSexualOffence
        new(d => d.Charge(d.Pick("PL 130.52 Forcible touching", "PL 130.20 Sexual misconduct"), OffenceCategory.Sexual, isViolent: false, ChargeOutcome.Convicted)),
        // SentenceOfTenYearsOrMore
        new(d =>
        {
            d.Charge("PL 220.43 Criminal sale of a controlled substance in the first degree", OffenceCategory.Drugs, isViolent: false, ChargeOutcome.Convicted);
            d.Prisoner.Sentence(Sentence.OfYears(d.Random.Number(10, 15)));
        }),
        // ArsonHistory
        new(d => d.Charge("PL 150.10 Arson in the third degree", OffenceCategory.Arson, isViolent: false, ChargeOutcome.Convicted, d.BeforeFirstCustody(60, 700))),
        // HostageTakingHistory: the top count was dropped, which rule 26 counts and rule 4 does not.
        new(d => d.Charge("PL 135.20 Kidnapping in the second degree", OffenceCategory.HostageTaking, isViolent: true, ChargeOutcome.Dropped)),
        // EscapeHistory
        new(d => d.Prisoner.RecordEscape(d.DaysAgo(1500, 4000), d.Pick(EscapeKind.Escape, EscapeKind.AttemptedEscape))),
        // AbscondedInLast5Years
        new(d => d.Prisoner.RecordEscape(d.DaysAgo(200, 1500), EscapeKind.Absconded)),
        // EscapeHistory, SecurityCategoryA
        new(d =>
        {
            d.Prisoner.RecordEscape(d.DaysAgo(1000, 3000), EscapeKind.Escape);
            d.Prisoner.ChangeSecurityCategory(SecurityCategory.A);
        }),
        // ThreeOrMorePriorImprisonments: old enough for four stays to fit in an adult life.
        new() { EarlierStays = 4, Age = 41 },
        // ConvictedWhileInCustody
        new(d => d.Charge("PL 205.25 Promoting prison contraband in the first degree", OffenceCategory.Other, isViolent: false, ChargeOutcome.Convicted, d.DayInCustody(10, 300))),
        // MobilePhoneFoundInLast6Months
        new(d => d.Prisoner.RecordDisciplinaryNotice(d.DayInCustody(65, 170), NoticeType.MobilePhone, "Cell phone and charger found during a tactical search")),
        // DrugsFoundInLast6Months
        new(d => d.Prisoner.RecordDisciplinaryNotice(d.DayInCustody(65, 170), NoticeType.Drugs, "Suboxone strips found in a legal-mail envelope")),
        // ThreatToStaffInLast6Months
        new(d => d.Prisoner.RecordDisciplinaryNotice(d.DayInCustody(65, 170), NoticeType.Threat, "Told an officer he would be found after his shift")),
        // MoreThanOneDisciplinaryNoticeInLast6Months
        new(d =>
        {
            d.Prisoner.RecordDisciplinaryNotice(d.DayInCustody(65, 170), NoticeType.Other, "Refused a frisk on the way to the law library");
            d.Prisoner.RecordDisciplinaryNotice(d.DayInCustody(65, 170), NoticeType.Other, "Flooded the cell");
        }),
        // AssaultOnPrisonerInLast12Months
        new(d => d.Prisoner.RecordDisciplinaryNotice(d.DayInCustody(200, 330), NoticeType.AssaultOnPrisoner, "Punched another person in custody over a phone turn")),
        // WeaponFoundInLast12Months
        new(d => d.Prisoner.RecordDisciplinaryNotice(d.DayInCustody(200, 330), NoticeType.Weapon, "Sharpened metal from a bed frame found in the cell")),
        // ThreeOrMoreNoticesInLast12Months
        new(d =>
        {
            d.Prisoner.RecordDisciplinaryNotice(d.DayInCustody(200, 350), NoticeType.Other, "Refused to return to cell after recreation");
            d.Prisoner.RecordDisciplinaryNotice(d.DayInCustody(200, 350), NoticeType.Other, "Out of place in the corridor");
            d.Prisoner.RecordDisciplinaryNotice(d.DayInCustody(200, 350), NoticeType.Other, "Damaged a food slot");
        }),
        // AssaultOnStaffInLast24Months: last, since it wants the longest stay to fall outside the 12-month rules.
        new(d => d.Prisoner.RecordDisciplinaryNotice(d.DayInCustody(400, 700), NoticeType.AssaultOnStaff, "Struck a correction officer during a cell search")),
    ];

    /// <summary>
    /// What each prison has near today, dealt to the prisoners held longest: changes due within the week, so that Coming
    /// up has something near (a hearing coming within fourteen days, when rule 7 fires; a failed drug test leaving its
    /// three months; a visit ban ending), and today's news for the shift (a notice, a segregation and a watch ended).
    /// </summary>
    public static IReadOnlyList<DemoScenario> NearToday { get; } =
    [
        new(d => d.Prisoner.ScheduleCourtHearing(d.Today.AddDays(d.Random.Number(15, 19)), d.Pick(Courts))),
        new(d => d.Prisoner.RecordDrugTest(d.Today.AddMonths(-3).AddDays(d.Random.Number(1, 6)), DrugTestResult.Failed)),
        new(d => d.Prisoner.BanVisits(d.DayInCustody(10, 30), d.Today.AddDays(d.Random.Number(1, 6)), "Visitor found with contraband at the search")),
        new(d => d.Prisoner.RecordDisciplinaryNotice(d.Today, NoticeType.Other, "Refused to lock in at the count")),
        new(d => d.Prisoner.EndSegregation(d.Prisoner.Segregate(d.DayInCustody(3, 10), "Separated after a fight in the dayroom").Id, d.Today)),
        new(d => d.Prisoner.EndSelfHarmWatch(d.Prisoner.StartSelfHarmWatch(d.DayInCustody(2, 8)).Id, d.Today)),
    ];
}
