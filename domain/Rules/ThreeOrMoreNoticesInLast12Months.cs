using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 13: three or more disciplinary notices, of any type, dated in the last 12 months.</summary>
public sealed class ThreeOrMoreNoticesInLast12Months : RecentRecordRule<DisciplinaryNotice>
{
    public override string Title => "Three or more disciplinary notices in the last 12 months";

    public override RuleCategory Category => RuleCategory.Discipline;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(12);

    protected override int AtLeast => 3;

    protected override IEnumerable<DisciplinaryNotice> Candidates(Prisoner prisoner) => prisoner.DisciplinaryNotices;

    protected override DateOnly DateOf(DisciplinaryNotice record) => record.Date;
}
