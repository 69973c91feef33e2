using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class ChargeSection : EntrySection<Charge>
{
    public override string Title => "Charges";

    public override RuleCategory Group => RuleCategory.Legal;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<ChargeEntry>(), RecordForms.Of<ChargeOutcomeEntry>()];
}
