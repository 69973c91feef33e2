using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class SegregationPeriodSection : EntrySection<SegregationPeriod>
{
    public override string Title => "Segregation";

    public override RuleCategory Group => RuleCategory.Custody;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<SegregationStart>(), RecordForms.Of<SegregationEnd>()];
}
