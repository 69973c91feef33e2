using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class DisciplinaryNoticeSection : EntrySection<DisciplinaryNotice>
{
    public override string Title => "Disciplinary notices";

    public override RuleCategory Group => RuleCategory.Discipline;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<DisciplinaryNoticeEntry>()];

    protected override IEnumerable<DisciplinaryNotice> Order(IEnumerable<DisciplinaryNotice> entries) => entries.OrderByDescending(n => n.Date);
}
