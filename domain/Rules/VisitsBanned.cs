using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 34: a ban on visits has started and has not ended or been lifted.</summary>
public sealed class VisitsBanned : OngoingPeriodRule<VisitBan>
{
    public override string Title => "Visits banned";

    public override RuleCategory Category => RuleCategory.Requests;

    protected override IEnumerable<VisitBan> Candidates(Prisoner prisoner) => prisoner.VisitBans;

    protected override DateRange PeriodOf(VisitBan record) => record.Period;
}
