using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class DrugTestSection : EntrySection<DrugTest>
{
    public override string Title => "Drug tests";

    public override RuleCategory Group => RuleCategory.Health;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<DrugTestEntry>()];

    protected override IEnumerable<DrugTest> Order(IEnumerable<DrugTest> entries) => entries.OrderByDescending(t => t.Date);
}
