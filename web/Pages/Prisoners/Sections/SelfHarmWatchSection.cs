using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class SelfHarmWatchSection : EntrySection<SelfHarmWatch>
{
    public override string Title => "Self-harm watches";

    public override RuleCategory Group => RuleCategory.Health;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<SelfHarmWatchStart>(), RecordForms.Of<SelfHarmWatchEnd>()];
}
