using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class ThreatGroupMembershipEntry : RecordForm
{
    public override string Kind => "threat-group";

    public override string Title => "Record a threat group membership";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        FormField.Text("Group", "Group"),
        FormField.Date("Since", "Member since", context.TodayText),
        FormField.Check("Verified", "Verified"),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var group = input.Text("Group", "Name the group.", 200);
        var since = input.Date("Since", "the day membership began");
        var verified = input.Check("Verified");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.RecordThreatGroupMembership(group, since, verified);
        return $"Membership of {group} recorded.";
    }
}
