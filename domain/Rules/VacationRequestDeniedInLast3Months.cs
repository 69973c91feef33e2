using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 6: a temporary leave ("vacation") request dated in the last 3 months was denied. The request's
/// own date counts, not the date of the decision.
/// </summary>
public sealed class VacationRequestDeniedInLast3Months : RecentRecordRule<Request>
{
    public override string Title => "Temporary leave request denied in the last 3 months";

    public override RuleCategory Category => RuleCategory.Requests;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(3);

    protected override IEnumerable<Request> Candidates(Prisoner prisoner) =>
        prisoner.Requests.Where(r => r.Type == RequestType.TemporaryLeave && r.IsDenied);

    protected override DateOnly DateOf(Request record) => record.Date;
}
