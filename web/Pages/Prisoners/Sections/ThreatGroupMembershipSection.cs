using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class ThreatGroupMembershipSection : EntrySection<ThreatGroupMembership>
{
    public override string Title => "Security threat groups";

    public override RuleCategory Group => RuleCategory.Intelligence;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<ThreatGroupMembershipEntry>(), RecordForms.Of<ThreatGroupVerification>(), RecordForms.Of<ThreatGroupMembershipEnd>()];
}
