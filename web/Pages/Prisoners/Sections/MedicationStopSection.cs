using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class MedicationStopSection : EntrySection<MedicationStop>
{
    public override string Title => "Medication stops";

    public override RuleCategory Group => RuleCategory.Health;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<MedicationStopEntry>()];

    protected override IEnumerable<MedicationStop> Order(IEnumerable<MedicationStop> entries) => entries.OrderByDescending(m => m.Date);
}
