using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 3: two or more disciplinary notices, of any type, dated in the last 6 months.</summary>
public sealed class MoreThanOneDisciplinaryNoticeInLast6Months : RecentRecordRule<DisciplinaryNotice>
{
    public override string Title => "More than one disciplinary notice in the last 6 months";

    public override RuleCategory Category => RuleCategory.Discipline;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(6);

    protected override int AtLeast => 2;

    protected override IEnumerable<DisciplinaryNotice> Candidates(Prisoner prisoner) => prisoner.DisciplinaryNotices;

    protected override DateOnly DateOf(DisciplinaryNotice record) => record.Date;
}
