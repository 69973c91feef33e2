using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 32: the prisoner stopped taking antipsychotic medication in the last 30 days. Only a stop by the
/// prisoner counts; a stop by the prescriber is a clinical decision, and other medication does not count.
/// </summary>
public sealed class StoppedAntipsychoticsInLast30Days : RecentRecordRule<MedicationStop>
{
    public override string Title => "Stopped taking antipsychotics in the last 30 days";

    public override RuleCategory Category => RuleCategory.Health;

    protected override TrailingWindow Span { get; } = TrailingWindow.Days(30);

    protected override IEnumerable<MedicationStop> Candidates(Prisoner prisoner) =>
        prisoner.MedicationStops.Where(s => s.IsAntipsychotic && s.StoppedByPrisoner);

    protected override DateOnly DateOf(MedicationStop record) => record.Date;
}
