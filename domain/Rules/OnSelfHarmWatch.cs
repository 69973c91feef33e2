using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 30: a self-harm or suicide watch has started and not ended.</summary>
public sealed class OnSelfHarmWatch : OngoingPeriodRule<SelfHarmWatch>
{
    public override string Title => "On self-harm watch";

    public override RuleCategory Category => RuleCategory.Health;

    protected override IEnumerable<SelfHarmWatch> Candidates(Prisoner prisoner) => prisoner.SelfHarmWatches;

    protected override DateRange PeriodOf(SelfHarmWatch record) => record.Period;
}
