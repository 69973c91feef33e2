using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 17: a disciplinary notice for a mobile phone found (<see cref="NoticeType.MobilePhone"/>)
/// dated in the last 6 months. Notices of other types do not count.
/// </summary>
public sealed class MobilePhoneFoundInLast6Months : RecentRecordRule<DisciplinaryNotice>
{
    public override string Title => "Mobile phone found in the last 6 months";

    public override RuleCategory Category => RuleCategory.Discipline;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(6);

    protected override IEnumerable<DisciplinaryNotice> Candidates(Prisoner prisoner) =>
        prisoner.DisciplinaryNotices.Where(n => n.Type == NoticeType.MobilePhone);

    protected override DateOnly DateOf(DisciplinaryNotice record) => record.Date;
}
