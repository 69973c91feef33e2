using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 12: a detainer or warrant lodged by another authority is active: it counts from the day it was
/// lodged and stops on the day it is lifted.
/// </summary>
public sealed class ActiveDetainer : OngoingPeriodRule<Detainer>
{
    public override string Title => "Active detainer from another authority";

    public override RuleCategory Category => RuleCategory.Legal;

    protected override IEnumerable<Detainer> Candidates(Prisoner prisoner) => prisoner.Detainers;

    protected override DateRange PeriodOf(Detainer record) => record.Period;
}
