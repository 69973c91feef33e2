using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 19: a disciplinary notice of type <see cref="NoticeType.Threat"/> dated in the last 6 months. The
/// record has one notice type for threats and does not say whom the threat was against, so every Threat
/// notice counts.
/// </summary>
public sealed class ThreatToStaffInLast6Months : RecentRecordRule<DisciplinaryNotice>
{
    public override string Title => "Threat to staff in the last 6 months";

    public override RuleCategory Category => RuleCategory.Discipline;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(6);

    protected override IEnumerable<DisciplinaryNotice> Candidates(Prisoner prisoner) =>
        prisoner.DisciplinaryNotices.Where(n => n.Type == NoticeType.Threat);

    protected override DateOnly DateOf(DisciplinaryNotice record) => record.Date;
}
