using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class RequestSection : EntrySection<Request>
{
    public override string Title => "Requests";

    public override RuleCategory Group => RuleCategory.Requests;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<RequestEntry>(), RecordForms.Of<RequestDecisionEntry>()];

    protected override IEnumerable<Request> Order(IEnumerable<Request> entries) => entries.OrderByDescending(r => r.Date);
}
