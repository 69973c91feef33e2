using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 11: a parole request dated in the last 3 months was denied. As for rule 6, the request's own date
/// counts, not the date of the decision.
/// </summary>
public sealed class ParoleDeniedInLast3Months : RecentRecordRule<Request>
{
    public override string Title => "Parole denied in the last 3 months";

    public override RuleCategory Category => RuleCategory.Requests;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(3);

    protected override IEnumerable<Request> Candidates(Prisoner prisoner) =>
        prisoner.Requests.Where(r => r.Type == RequestType.Parole && r.IsDenied);

    protected override DateOnly DateOf(Request record) => record.Date;
}
