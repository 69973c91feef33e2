using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 16: a disciplinary notice for a weapon found (<see cref="NoticeType.Weapon"/>)
/// dated in the last 12 months. Notices of other types do not count.
/// </summary>
public sealed class WeaponFoundInLast12Months : RecentRecordRule<DisciplinaryNotice>
{
    public override string Title => "Weapon found in the last 12 months";

    public override RuleCategory Category => RuleCategory.Discipline;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(12);

    protected override IEnumerable<DisciplinaryNotice> Candidates(Prisoner prisoner) =>
        prisoner.DisciplinaryNotices.Where(n => n.Type == NoticeType.Weapon);

    protected override DateOnly DateOf(DisciplinaryNotice record) => record.Date;
}
