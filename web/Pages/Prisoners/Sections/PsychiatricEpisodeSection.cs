using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class PsychiatricEpisodeSection : EntrySection<PsychiatricEpisode>
{
    public override string Title => "Psychiatric episodes";

    public override RuleCategory Group => RuleCategory.Health;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<PsychiatricEpisodeEntry>()];

    protected override IEnumerable<PsychiatricEpisode> Order(IEnumerable<PsychiatricEpisode> entries) => entries.OrderByDescending(e => e.Date);
}
