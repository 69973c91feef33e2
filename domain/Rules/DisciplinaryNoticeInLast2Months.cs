using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 2: any disciplinary notice, of any type, dated in the last 2 months.</summary>
public sealed class DisciplinaryNoticeInLast2Months : RecentRecordRule<DisciplinaryNotice>
{
    public override string Title => "Disciplinary notice in the last 2 months";

    public override RuleCategory Category => RuleCategory.Discipline;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(2);

    protected override IEnumerable<DisciplinaryNotice> Candidates(Prisoner prisoner) => prisoner.DisciplinaryNotices;

    protected override DateOnly DateOf(DisciplinaryNotice record) => record.Date;
}
