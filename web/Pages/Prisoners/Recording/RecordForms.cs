namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// Every recording form, found by the kind in its address. <see cref="All"/> holds one of each, to describe them
/// (titles, links, which entries they act on); each post is bound into a form of its own, made by <see cref="New"/>.
/// </summary>
public static class RecordForms
{
    public static IReadOnlyList<RecordForm> All { get; } =
    [
        new DisciplinaryNoticeEntry(), new Admission(), new Transfer(), new Release(), new PastStay(), new SentenceEntry(),
        new LegalStatusChange(), new SecurityCategoryChange(), new PersonalDetails(), new SegregationStart(), new SegregationEnd(),
        new ChargeEntry(), new ChargeOutcomeEntry(), new CourtHearingEntry(), new DetainerLodging(), new DetainerLift(),
        new EscapeEntry(), new ThreatGroupMembershipEntry(), new ThreatGroupVerification(), new ThreatGroupMembershipEnd(),
        new IntelligenceReportEntry(), new ContactOrderBreachEntry(), new WithdrawalStart(), new WithdrawalEnd(),
        new DrugTestEntry(), new SelfHarmWatchStart(), new SelfHarmWatchEnd(), new PsychiatricEpisodeEntry(),
        new MedicationStopEntry(), new RequestEntry(), new RequestDecisionEntry(), new VisitBanEntry(), new VisitBanLift(),
        new StrikeOut(),
    ];

    /// <summary>A new, empty form of <paramref name="kind"/>, or null for a kind there is no form of.</summary>
    public static RecordForm? New(string? kind) =>
        All.FirstOrDefault(f => string.Equals(f.Kind, kind, StringComparison.OrdinalIgnoreCase)) is { } form
            ? (RecordForm)Activator.CreateInstance(form.GetType())!
            : null;

    public static RecordForm Of<T>()
        where T : RecordForm => All.OfType<T>().Single();
}
