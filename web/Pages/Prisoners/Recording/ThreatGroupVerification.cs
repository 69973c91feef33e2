using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class ThreatGroupVerification : RecordForm
{
    public override string Kind => "threat-group-verification";

    public override string Title => "Verify a threat group membership";

    public override bool Offers(Prisoner prisoner) => Unverified(prisoner).Any();

    public override bool ActsOn(Prisoner prisoner, Entity entry) => Unverified(prisoner).Any(m => m.Id == entry.Id);

    public override string Action => "Verify";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [EntryChoice(EntryField, "Membership", Unverified(prisoner), m => m.ToString())];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var membership = input.Entry(EntryField, Unverified(prisoner), "Choose an unverified membership from the list.");
        if (!input.IsValid || membership is null)
        {
            return null;
        }

        prisoner.VerifyThreatGroupMembership(membership.Id);
        return $"Membership of {membership.GroupName} verified.";
    }

    private static IEnumerable<ThreatGroupMembership> Unverified(Prisoner prisoner) =>
        prisoner.ThreatGroupMemberships.Where(m => !m.IsVerified && m.Period.End is null);
}
