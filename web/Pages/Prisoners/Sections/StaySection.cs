using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class StaySection : EntrySection<Stay>
{
    public override string Title => "Stays";

    public override RuleCategory Group => RuleCategory.Custody;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<Admission>(), RecordForms.Of<Transfer>(), RecordForms.Of<Release>(), RecordForms.Of<PastStay>(), RecordForms.Of<SentenceEntry>()];

    protected override IEnumerable<Stay> Order(IEnumerable<Stay> entries) => entries.OrderByDescending(i => i.ArrivalDate);
}
