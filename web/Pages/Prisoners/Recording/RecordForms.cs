namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>Every recording form, found by the kind in its address. Disciplinary notices keep their form on the prisoner page.</summary>
public static class RecordForms
{
    public static IReadOnlyList<RecordForm> All { get; } =
    [
        new Admission(), new Transfer(), new Release(), new PastStay(), new SentenceEntry(), new LegalStatusChange(),
        new SecurityCategoryChange(), new PersonalDetails(), new SegregationStart(), new SegregationEnd(),
        new ChargeEntry(), new ChargeOutcomeEntry(), new CourtHearingEntry(), new DetainerLodging(), new DetainerLift(),
        new EscapeEntry(), new ThreatGroupMembershipEntry(), new ThreatGroupVerification(), new ThreatGroupMembershipEnd(),
        new IntelligenceReportEntry(), new ContactOrderBreachEntry(), new WithdrawalStart(), new WithdrawalEnd(),
        new DrugTestEntry(), new SelfHarmWatchStart(), new SelfHarmWatchEnd(), new PsychiatricEpisodeEntry(),
        new MedicationStopEntry(), new RequestEntry(), new RequestDecisionEntry(), new VisitBanEntry(), new VisitBanLift(),
        new StrikeOut(),
    ];

    public static RecordForm? Find(string? kind) => All.FirstOrDefault(f => string.Equals(f.Kind, kind, StringComparison.OrdinalIgnoreCase));

    public static RecordForm Of<T>()
        where T : RecordForm => All.OfType<T>().Single();
}
