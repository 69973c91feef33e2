using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 25: an intelligence report graded High dated in the last 3 months. Low and Medium grades do not count.</summary>
public sealed class HighGradeIntelligenceInLast3Months : RecentRecordRule<IntelligenceReport>
{
    public override string Title => "High-grade intelligence in the last 3 months";

    public override RuleCategory Category => RuleCategory.Intelligence;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(3);

    protected override IEnumerable<IntelligenceReport> Candidates(Prisoner prisoner) =>
        prisoner.IntelligenceReports.Where(r => r.Grade == IntelligenceGrade.High);

    protected override DateOnly DateOf(IntelligenceReport record) => record.Date;
}
