using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class IntelligenceReportSection : EntrySection<IntelligenceReport>
{
    public override string Title => "Intelligence reports";

    public override RuleCategory Group => RuleCategory.Intelligence;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<IntelligenceReportEntry>()];

    protected override IEnumerable<IntelligenceReport> Order(IEnumerable<IntelligenceReport> entries) => entries.OrderByDescending(r => r.Date);
}
