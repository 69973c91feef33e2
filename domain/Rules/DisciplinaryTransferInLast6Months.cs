using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 36: the prisoner arrived at the prison now holding them by a transfer for disciplinary reasons in
/// the last 6 months. Only the current imprisonment counts: once the prisoner has been moved on again, or
/// released, an earlier disciplinary transfer no longer fires. An ordinary transfer does not count.
/// </summary>
public sealed class DisciplinaryTransferInLast6Months : RecentRecordRule<Stay>
{
    public override string Title => "Disciplinary transfer in the last 6 months";

    public override RuleCategory Category => RuleCategory.Custody;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(6);

    protected override IEnumerable<Stay> Candidates(Prisoner prisoner) =>
        prisoner.CurrentStay is { ArrivalReason: ArrivalReason.DisciplinaryTransfer } current ? [current] : [];

    protected override DateOnly DateOf(Stay record) => record.ArrivalDate;
}
