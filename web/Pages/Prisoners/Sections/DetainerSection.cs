using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class DetainerSection : EntrySection<Detainer>
{
    public override string Title => "Detainers";

    public override RuleCategory Group => RuleCategory.Legal;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<DetainerLodging>(), RecordForms.Of<DetainerLift>()];
}
