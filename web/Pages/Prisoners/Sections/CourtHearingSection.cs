using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class CourtHearingSection : EntrySection<CourtHearing>
{
    public override string Title => "Court hearings";

    public override RuleCategory Group => RuleCategory.Legal;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<CourtHearingEntry>()];

    protected override IEnumerable<CourtHearing> Order(IEnumerable<CourtHearing> entries) => entries.OrderByDescending(h => h.Date);
}
