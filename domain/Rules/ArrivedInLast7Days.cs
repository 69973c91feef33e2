using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 35: the prisoner arrived at the prison now holding them in the last 7 days. Only the current
/// imprisonment counts. Arrival by transfer counts as well as a new reception: either way the prisoner is
/// new to this prison's staff. A prisoner who is not in custody does not fire.
/// </summary>
public sealed class ArrivedInLast7Days : RecentRecordRule<Stay>
{
    public override string Title => "Arrived in the last 7 days";

    public override RuleCategory Category => RuleCategory.Custody;

    protected override TrailingWindow Span { get; } = TrailingWindow.Days(7);

    protected override IEnumerable<Stay> Candidates(Prisoner prisoner) =>
        prisoner.CurrentStay is { } current ? [current] : [];

    protected override DateOnly DateOf(Stay record) => record.ArrivalDate;
}
