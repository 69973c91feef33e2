using Prison.Domain.Record;

namespace Prison.Db.Demo;

/// <summary>
/// The ordinary parts of a record that no shipped rule fires for, alone or together: what every demo
/// prisoner has. Many sit just outside a rule's window or miss one of its conditions (a dropped charge, an
/// ended watch, a prescriber's decision), so the demo shows what the rules deliberately leave alone.
/// Day spans keep clear of the windows they avoid by a few days, whatever the length of the months.
/// </summary>
internal static class HarmlessRecords
{
    /// <summary>Offences a prisoner is held for that no rule reads: not violent, and in no category a rule names.</summary>
    public static (string Offence, OffenceCategory Category)[] Offences { get; } =
    [
        ("PL 155.25 Petit larceny", OffenceCategory.Property),
        ("PL 155.30 Grand larceny in the fourth degree", OffenceCategory.Property),
        ("PL 140.20 Burglary in the third degree", OffenceCategory.Property),
        ("PL 165.40 Criminal possession of stolen property in the fifth degree", OffenceCategory.Property),
        ("PL 145.05 Criminal mischief in the third degree", OffenceCategory.Property),
        ("PL 165.15 Theft of services", OffenceCategory.Property),
        ("PL 220.03 Criminal possession of a controlled substance in the seventh degree", OffenceCategory.Drugs),
        ("PL 220.39 Criminal sale of a controlled substance in the third degree", OffenceCategory.Drugs),
        ("PL 265.01 Criminal possession of a weapon in the fourth degree", OffenceCategory.Weapons),
        ("PL 170.25 Criminal possession of a forged instrument in the second degree", OffenceCategory.Other),
        ("PL 190.78 Identity theft in the third degree", OffenceCategory.Other),
        ("PL 215.50 Criminal contempt in the second degree", OffenceCategory.Other),
        ("PL 240.30 Aggravated harassment in the second degree", OffenceCategory.Other),
        ("VTL 1192.3 Driving while intoxicated", OffenceCategory.Other),
        ("VTL 511.1 Aggravated unlicensed operation of a motor vehicle", OffenceCategory.Other),
    ];

    /// <summary>All below the ten years of rule 9.</summary>
    public static int[] SentenceMonths { get; } = [3, 4, 6, 8, 9, 12, 18, 24, 36, 48, 60, 84];

    public static string[] Courts { get; } =
    [
        "New York County Supreme Court",
        "New York County Criminal Court",
        "Kings County Supreme Court",
        "Bronx County Supreme Court",
        "Bronx County Criminal Court",
        "Queens County Supreme Court",
        "Richmond County Criminal Court",
    ];

    public static string[] ThreatGroups { get; } = ["Bloods", "Crips", "Latin Kings", "Trinitarios", "Gangster Disciples", "MS-13"];

    public static string[] Antipsychotics { get; } = ["olanzapine", "risperidone", "haloperidol", "aripiprazole", "quetiapine"];

    private static (NoticeType Type, string Description)[] OldNotices { get; } =
    [
        (NoticeType.Other, "Refused a direct order to leave the shower area"),
        (NoticeType.MobilePhone, "Cell phone found taped under the bunk"),
        (NoticeType.Drugs, "Suboxone strips found in a greeting card"),
        (NoticeType.Threat, "Threatened an officer during a dispute over commissary"),
        (NoticeType.AssaultOnPrisoner, "Fight with another person in custody at meal service"),
        (NoticeType.Weapon, "Sharpened toothbrush found in the mattress"),
    ];

    public static Action<DemoPrisoner>[] All { get; } =
    [
        d => d.Prisoner.ScheduleCourtHearing(d.InCustodySince.AddDays(-1), d.Pick(Courts)),
        d => d.Prisoner.ScheduleCourtHearing(d.Today.AddDays(d.Random.Number(30, 120)), d.Pick(Courts)),
        d => d.Prisoner.RecordRequest(RequestType.Visit, d.DayInCustody(0, 60), d.Pick(RequestDecision.Granted, RequestDecision.Denied, RequestDecision.Pending)),
        d => d.Prisoner.RecordRequest(RequestType.TemporaryLeave, d.DayInCustody(0, 200), d.Pick(RequestDecision.Granted, RequestDecision.Pending)),
        d => d.Prisoner.RecordRequest(RequestType.Transfer, d.DayInCustody(0, 20), RequestDecision.Pending),
        d =>
        {
            if (d.EarlierDayInCustody(100, 500) is { } day)
            {
                d.Prisoner.RecordRequest(d.Pick(RequestType.TemporaryLeave, RequestType.Parole), day, RequestDecision.Denied);
            }
        },
        d =>
        {
            if (d.EarlierDayInCustody(40, 300) is { } day)
            {
                d.Prisoner.RecordRequest(RequestType.Transfer, day, RequestDecision.Denied);
            }
        },
        d =>
        {
            for (var i = d.Random.Number(1, 3); i > 0; i--)
            {
                d.Prisoner.RecordDrugTest(d.DayInCustody(0, 300), DrugTestResult.Negative);
            }
        },
        d =>
        {
            if (d.EarlierDayInCustody(100, 600) is { } day)
            {
                d.Prisoner.RecordDrugTest(day, d.Pick(DrugTestResult.Failed, DrugTestResult.Refused));
            }
        },
        d => d.Prisoner.RecordIntelligence(
            d.DaysAgo(0, 900),
            d.Pick(IntelligenceGrade.Low, IntelligenceGrade.Medium),
            d.Pick("Seen associating with known group members in the yard", "Unconfirmed report of a debt owed in the housing area", "Name found on a contact list seized in a search")),
        d => d.Prisoner.RecordIntelligence(d.DaysAgo(100, 1500), IntelligenceGrade.High, "Source reported a planned fight at court pens; no incident followed"),
        d =>
        {
            // Detox at intake is routine and over within days.
            if (d.InCustodySince.AddDays(14) <= d.Today)
            {
                var episode = d.Prisoner.StartWithdrawal(d.InCustodySince, d.Pick("opioids", "alcohol", "benzodiazepines"));
                d.Prisoner.EndWithdrawal(episode.Id, d.InCustodySince.AddDays(d.Random.Number(3, 10)));
            }
        },
        d =>
        {
            if (d.EarlierDayInCustody(30, 600) is { } start)
            {
                d.Prisoner.EndSelfHarmWatch(d.Prisoner.StartSelfHarmWatch(start).Id, start.AddDays(d.Random.Number(2, 14)));
            }
        },
        d =>
        {
            if (d.EarlierDayInCustody(30, 600) is { } start)
            {
                var period = d.Prisoner.Segregate(start, "Restrictive housing after a fight in the dayroom");
                d.Prisoner.EndSegregation(period.Id, start.AddDays(d.Random.Number(3, 20)));
            }
        },
        d => d.Prisoner.RecordPsychiatricEpisode(d.DayInCustody(0, 600), isViolent: false, d.Pick("Anxiety and insomnia; referred to the mental health clinic", "Low mood after a family death; counselling started")),
        d =>
        {
            if (d.EarlierDayInCustody(200, 700) is { } day)
            {
                d.Prisoner.RecordPsychiatricEpisode(day, isViolent: true, "Struck out at staff while acutely psychotic; stabilised on medication");
            }
        },
        d => d.Prisoner.RecordMedicationStop(d.DayInCustody(0, 300), d.Pick("sertraline", "trazodone", "gabapentin"), isAntipsychotic: false, stoppedByPrisoner: true),
        d => d.Prisoner.RecordMedicationStop(d.DayInCustody(0, 300), d.Pick(Antipsychotics), isAntipsychotic: true, stoppedByPrisoner: false),
        d =>
        {
            if (d.EarlierDayInCustody(40, 400) is { } day)
            {
                d.Prisoner.RecordMedicationStop(day, d.Pick(Antipsychotics), isAntipsychotic: true, stoppedByPrisoner: true);
            }
        },
        d => d.Prisoner.RecordThreatGroupMembership(d.Pick(ThreatGroups), d.DaysAgo(100, 2000), verified: false),
        d =>
        {
            var membership = d.Prisoner.RecordThreatGroupMembership(d.Pick(ThreatGroups), d.DaysAgo(1000, 3000), verified: true);
            d.Prisoner.EndThreatGroupMembership(membership.Id, d.DaysAgo(100, 900));
        },
        d =>
        {
            if (d.EarlierDayInCustody(20, 500) is { } lodged)
            {
                var detainer = d.Prisoner.LodgeDetainer(d.Pick("Nassau County Sheriff's Office", "New Jersey State Parole Board"), lodged);
                d.Prisoner.LiftDetainer(detainer.Id, lodged.AddDays(d.Random.Number(1, 19)));
            }
        },
        d =>
        {
            if (d.EarlierDayInCustody(30, 500) is { } start)
            {
                d.Prisoner.BanVisits(start, start.AddDays(d.Random.Number(7, 29)), "Visitor refused a search at the visit house");
            }
        },
        d => d.Prisoner.RecordEscape(d.DaysAgo(2000, 3600), EscapeKind.Absconded),
        d => d.Prisoner.RecordContactOrderBreach(d.DaysAgo(400, 1500), "Sent a message to the protected party on social media"),
        d =>
        {
            if (d.EarlierDayInCustody(65, 170) is { } day)
            {
                d.Prisoner.RecordDisciplinaryNotice(day, NoticeType.Other, d.Pick("Out of place in the corridor", "Refused to lock in at count time", "Smoking in the housing area"));
            }
        },
        d =>
        {
            // Older than twelve months, and no assault on staff, so no rule counts them any more.
            for (var i = d.Random.Number(1, 2); i > 0 && d.EarlierDayInCustody(400, 700) is { } day; i--)
            {
                var (type, description) = d.Pick(OldNotices);
                d.Prisoner.RecordDisciplinaryNotice(day, type, description);
            }
        },
        d =>
        {
            // The top count of a plea bargain: violent, but it no longer stands.
            var (offence, category) = d.Pick(("PL 120.00 Assault in the third degree", OffenceCategory.Assault), ("PL 160.10 Robbery in the second degree", OffenceCategory.Robbery));
            d.Charge(offence, category, isViolent: true, d.Pick(ChargeOutcome.Dropped, ChargeOutcome.Acquitted));
        },
    ];
}
