namespace Prison.Benchmarks.Designs;

/// <summary>
/// Design B's rules: each of the forty rules of RULES.md as one SQL predicate over a prisoner (p) and its current stay
/// (s), with the day in the prison's calendar as @today. They mirror domain/Rules one for one; a test checks on a
/// small data set that their OR agrees with the domain's evaluator on who is dangerous.
/// </summary>
public static class DesignBRules
{
    public static IReadOnlyDictionary<string, string> ByCode { get; } = new Dictionary<string, string>
    {
        ["NotConvicted"] = "p.legal_status <> 'Convicted'",
        ["DisciplinaryNoticeInLast2Months"] = Recent("disciplinary_notice", "true", "2 months"),
        ["MoreThanOneDisciplinaryNoticeInLast6Months"] = Count("disciplinary_notice", "true", "6 months", 2),
        ["ChargedWithViolentCrime"] = StandingViolentCharge,
        ["CurrentlyInDrugWithdrawal"] = Ongoing("withdrawal_episode", "true"),
        ["VacationRequestDeniedInLast3Months"] = Recent("request", "x.type = 'TemporaryLeave' AND x.decision = 'Denied'", "3 months"),
        ["ConvictedOfHomicide"] = Any("charge", "x.outcome = 'Convicted' AND x.category = 'Homicide'"),
        ["ConvictedOfSexualOffence"] = Any("charge", "x.outcome = 'Convicted' AND x.category = 'Sexual'"),
        ["SentenceOfTenYearsOrMore"] = "(COALESCE(s.life_sentence, false) OR COALESCE(s.sentence_months, 0) >= 120)",
        ["CourtHearingWithin14Days"] = Any("court_hearing", "x.date BETWEEN @today AND @today + 14"),
        ["ParoleDeniedInLast3Months"] = Recent("request", "x.type = 'Parole' AND x.decision = 'Denied'", "3 months"),
        ["ActiveDetainer"] = Ongoing("detainer", "true"),
        ["ThreeOrMoreNoticesInLast12Months"] = Count("disciplinary_notice", "true", "12 months", 3),
        ["AssaultOnStaffInLast24Months"] = Recent("disciplinary_notice", "x.type = 'AssaultOnStaff'", "24 months"),
        ["AssaultOnPrisonerInLast12Months"] = Recent("disciplinary_notice", "x.type = 'AssaultOnPrisoner'", "12 months"),
        ["WeaponFoundInLast12Months"] = Recent("disciplinary_notice", "x.type = 'Weapon'", "12 months"),
        ["MobilePhoneFoundInLast6Months"] = Recent("disciplinary_notice", "x.type = 'MobilePhone'", "6 months"),
        ["DrugsFoundInLast6Months"] = Recent("disciplinary_notice", "x.type = 'Drugs'", "6 months"),
        ["ThreatToStaffInLast6Months"] = Recent("disciplinary_notice", "x.type = 'Threat'", "6 months"),
        ["CurrentlySegregated"] = Ongoing("segregation_period", "true"),
        ["EscapeHistory"] = Any("escape_record", "x.kind IN ('Escape', 'AttemptedEscape')"),
        ["AbscondedInLast5Years"] = Recent("escape_record", "x.kind = 'Absconded'", "5 years"),
        ["SecurityCategoryA"] = "COALESCE(p.security_category = 'A', false)",
        ["SecurityThreatGroupMember"] = Ongoing("threat_group_membership", "x.is_verified"),
        ["HighGradeIntelligenceInLast3Months"] = Recent("intelligence_report", "x.grade = 'High'", "3 months"),
        ["HostageTakingHistory"] = $"({Any("charge", "x.category = 'HostageTaking'")} OR {Any("disciplinary_notice", "x.type = 'HostageTaking'")})",
        ["ArsonHistory"] = Any("charge", "x.outcome = 'Convicted' AND x.category = 'Arson'"),
        ["FailedDrugTestInLast3Months"] = Recent("drug_test", "x.result = 'Failed'", "3 months"),
        ["RefusedDrugTestInLast3Months"] = Recent("drug_test", "x.result = 'Refused'", "3 months"),
        ["OnSelfHarmWatch"] = Ongoing("self_harm_watch", "true"),
        ["ViolentPsychiatricEpisodeInLast6Months"] = Recent("psychiatric_episode", "x.is_violent", "6 months"),
        ["StoppedAntipsychoticsInLast30Days"] = Recent("medication_stop", "x.is_antipsychotic AND x.stopped_by_prisoner", "30 days"),
        ["TransferRequestDeniedInLastMonth"] = Recent("request", "x.type = 'Transfer' AND x.decision = 'Denied'", "1 month"),
        ["VisitsBanned"] = Ongoing("visit_ban", "true"),
        ["ArrivedInLast7Days"] = "COALESCE(s.arrival_date <= @today AND s.arrival_date > @today - 7, false)",
        ["DisciplinaryTransferInLast6Months"] =
            "COALESCE(s.arrival_reason = 'DisciplinaryTransfer' AND s.arrival_date <= @today AND s.arrival_date > (@today - interval '6 months')::date, false)",
        ["YoungAdultWithViolentCharge"] = $"(p.date_of_birth IS NOT NULL AND @today < (p.date_of_birth + interval '25 years')::date AND {StandingViolentCharge})",
        // The current episode is the last reception on or before the current stay's arrival; the others are prior.
        ["ThreeOrMorePriorImprisonments"] = """
            ((SELECT COUNT(*) FROM imprisonment x WHERE x.prisoner_id = p.id AND x.struck_at IS NULL AND x.arrival_reason = 'NewReception')
              - (CASE WHEN EXISTS (SELECT 1 FROM imprisonment x WHERE x.prisoner_id = p.id AND x.struck_at IS NULL AND x.arrival_reason = 'NewReception' AND x.arrival_date <= s.arrival_date) THEN 1 ELSE 0 END) >= 3)
            """,
        ["VictimContactOrderBreachInLast12Months"] = Recent("contact_order_breach", "true", "12 months"),
        ["ConvictedWhileInCustody"] = """
            EXISTS (SELECT 1 FROM charge x JOIN imprisonment i ON i.prisoner_id = x.prisoner_id
                    WHERE x.prisoner_id = p.id AND x.struck_at IS NULL AND i.struck_at IS NULL AND x.outcome = 'Convicted' AND x.offence_date IS NOT NULL
                      AND i.arrival_date <= x.offence_date AND (i.left_on IS NULL OR x.offence_date <= i.left_on))
            """,
    };

    private static string StandingViolentCharge => Any("charge", "x.is_violent AND x.superseded_on IS NULL AND x.outcome NOT IN ('Acquitted', 'Dropped')");

    /// <summary>The OR of the enabled rules: the "dangerous" column computed at read time.</summary>
    public static string Dangerous(IEnumerable<string> enabledCodes) =>
        "(" + string.Join("\n OR ", enabledCodes.Select(code => ByCode.TryGetValue(code, out var sql)
            ? sql
            : throw new InvalidOperationException($"Design B has no SQL for the rule {code}; add it to {nameof(DesignBRules)}."))) + ")";

    private static string Any(string table, string condition) =>
        $"EXISTS (SELECT 1 FROM {table} x WHERE x.prisoner_id = p.id AND x.struck_at IS NULL AND {condition})";

    private static string Window(string span) =>
        span.EndsWith("days", StringComparison.Ordinal) ? $"@today - {span.Split(' ')[0]}" : $"(@today - interval '{span}')::date";

    private static string Recent(string table, string condition, string span) =>
        Any(table, $"{condition} AND x.date <= @today AND x.date > {Window(span)}");

    private static string Count(string table, string condition, string span, int atLeast) =>
        $"((SELECT COUNT(*) FROM {table} x WHERE x.prisoner_id = p.id AND x.struck_at IS NULL AND {condition} AND x.date <= @today AND x.date > {Window(span)}) >= {atLeast})";

    private static string Ongoing(string table, string condition) =>
        Any(table, $"{condition} AND x.start_date <= @today AND (x.end_date IS NULL OR @today < x.end_date)");
}
