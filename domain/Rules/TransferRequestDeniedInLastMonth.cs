using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 33: a transfer request dated in the last month was denied. The request's own date counts, not
/// the date of the decision.
/// </summary>
public sealed class TransferRequestDeniedInLastMonth : RecentRecordRule<Request>
{
    public override string Title => "Transfer request denied in the last month";

    public override RuleCategory Category => RuleCategory.Requests;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(1);

    protected override IEnumerable<Request> Candidates(Prisoner prisoner) =>
        prisoner.Requests.Where(r => r.Type == RequestType.Transfer && r.IsDenied);

    protected override DateOnly DateOf(Request record) => record.Date;
}
