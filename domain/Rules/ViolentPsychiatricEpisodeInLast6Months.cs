using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 31: a psychiatric episode recorded as violent, dated in the last 6 months. Episodes that were
/// not violent do not count.
/// </summary>
public sealed class ViolentPsychiatricEpisodeInLast6Months : RecentRecordRule<PsychiatricEpisode>
{
    public override string Title => "Violent psychiatric episode in the last 6 months";

    public override RuleCategory Category => RuleCategory.Health;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(6);

    protected override IEnumerable<PsychiatricEpisode> Candidates(Prisoner prisoner) =>
        prisoner.PsychiatricEpisodes.Where(e => e.IsViolent);

    protected override DateOnly DateOf(PsychiatricEpisode record) => record.Date;
}
