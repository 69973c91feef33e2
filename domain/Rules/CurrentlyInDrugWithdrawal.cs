using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 5: a drug withdrawal episode in the medical record has started and not ended.</summary>
public sealed class CurrentlyInDrugWithdrawal : OngoingPeriodRule<WithdrawalEpisode>
{
    public override string Title => "Currently in drug withdrawal";

    public override RuleCategory Category => RuleCategory.Health;

    protected override IEnumerable<WithdrawalEpisode> Candidates(Prisoner prisoner) => prisoner.WithdrawalEpisodes;

    protected override DateRange PeriodOf(WithdrawalEpisode record) => record.Period;
}
