using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 15: a disciplinary notice for assault on another prisoner (<see cref="NoticeType.AssaultOnPrisoner"/>)
/// dated in the last 12 months. Notices of other types do not count.
/// </summary>
public sealed class AssaultOnPrisonerInLast12Months : RecentRecordRule<DisciplinaryNotice>
{
    public override string Title => "Assault on another prisoner in the last 12 months";

    public override RuleCategory Category => RuleCategory.Discipline;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(12);

    protected override IEnumerable<DisciplinaryNotice> Candidates(Prisoner prisoner) =>
        prisoner.DisciplinaryNotices.Where(n => n.Type == NoticeType.AssaultOnPrisoner);

    protected override DateOnly DateOf(DisciplinaryNotice record) => record.Date;
}
