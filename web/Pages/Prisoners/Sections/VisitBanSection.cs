using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class VisitBanSection : EntrySection<VisitBan>
{
    public override string Title => "Visit bans";

    public override RuleCategory Group => RuleCategory.Requests;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<VisitBanEntry>(), RecordForms.Of<VisitBanLift>()];
}
