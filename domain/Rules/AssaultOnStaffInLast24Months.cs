using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 14: a disciplinary notice for assault on staff (<see cref="NoticeType.AssaultOnStaff"/>)
/// dated in the last 24 months. Notices of other types do not count.
/// </summary>
public sealed class AssaultOnStaffInLast24Months : RecentRecordRule<DisciplinaryNotice>
{
    public override string Title => "Assault on staff in the last 24 months";

    public override RuleCategory Category => RuleCategory.Discipline;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(24);

    protected override IEnumerable<DisciplinaryNotice> Candidates(Prisoner prisoner) =>
        prisoner.DisciplinaryNotices.Where(n => n.Type == NoticeType.AssaultOnStaff);

    protected override DateOnly DateOf(DisciplinaryNotice record) => record.Date;
}
