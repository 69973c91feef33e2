using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class ContactOrderBreachSection : EntrySection<ContactOrderBreach>
{
    public override string Title => "No-contact order breaches";

    public override RuleCategory Group => RuleCategory.Intelligence;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<ContactOrderBreachEntry>()];

    protected override IEnumerable<ContactOrderBreach> Order(IEnumerable<ContactOrderBreach> entries) => entries.OrderByDescending(b => b.Date);
}
