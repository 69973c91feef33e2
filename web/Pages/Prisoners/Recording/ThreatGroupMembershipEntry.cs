using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class ThreatGroupMembershipEntry : RecordForm
{
    public override string Kind => "threat-group";

    public override string Title => "Record a threat group membership";

    [Required(ErrorMessage = "Name the group."), StringLength(ShortText, ErrorMessage = TooLong)]
    public string? Group { get; set; }

    [Required(ErrorMessage = "Enter the day membership began as YYYY-MM-DD."), Day]
    public DateOnly? Since { get; set; }

    public bool Verified { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
    [
        FormField.Text(nameof(Group), "Group", ShortText),
        FormField.Date(nameof(Since), "Member since", Context.TodayText),
        FormField.Check(nameof(Verified), "Verified"),
    ];

    public override string Apply()
    {
        var group = Group!.Trim();
        Prisoner.RecordThreatGroupMembership(group, Since!.Value, Verified);
        return $"Membership of {group} recorded.";
    }
}
