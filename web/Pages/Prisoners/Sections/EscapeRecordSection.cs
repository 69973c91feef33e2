using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class EscapeRecordSection : EntrySection<EscapeRecord>
{
    public override string Title => "Escapes and abscondings";

    public override RuleCategory Group => RuleCategory.Escape;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<EscapeEntry>()];

    protected override IEnumerable<EscapeRecord> Order(IEnumerable<EscapeRecord> entries) => entries.OrderByDescending(e => e.Date);
}
