using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 39: a breach of a no-contact order protecting a victim, dated in the last 12 months.</summary>
public sealed class VictimContactOrderBreachInLast12Months : RecentRecordRule<ContactOrderBreach>
{
    public override string Title => "Breached a victim no-contact order in the last 12 months";

    public override RuleCategory Category => RuleCategory.Intelligence;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(12);

    protected override IEnumerable<ContactOrderBreach> Candidates(Prisoner prisoner) => prisoner.ContactOrderBreaches;

    protected override DateOnly DateOf(ContactOrderBreach record) => record.Date;
}
