using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 20: a segregation period has started and not ended.</summary>
public sealed class CurrentlySegregated : OngoingPeriodRule<SegregationPeriod>
{
    public override string Title => "Currently segregated";

    public override RuleCategory Category => RuleCategory.Custody;

    protected override IEnumerable<SegregationPeriod> Candidates(Prisoner prisoner) => prisoner.SegregationPeriods;

    protected override DateRange PeriodOf(SegregationPeriod record) => record.Period;
}
