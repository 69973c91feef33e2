using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 18: a disciplinary notice for drugs found (<see cref="NoticeType.Drugs"/>)
/// dated in the last 6 months. Notices of other types do not count.
/// </summary>
public sealed class DrugsFoundInLast6Months : RecentRecordRule<DisciplinaryNotice>
{
    public override string Title => "Drugs found in the last 6 months";

    public override RuleCategory Category => RuleCategory.Discipline;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(6);

    protected override IEnumerable<DisciplinaryNotice> Candidates(Prisoner prisoner) =>
        prisoner.DisciplinaryNotices.Where(n => n.Type == NoticeType.Drugs);

    protected override DateOnly DateOf(DisciplinaryNotice record) => record.Date;
}
