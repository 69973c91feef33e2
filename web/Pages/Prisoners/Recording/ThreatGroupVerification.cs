using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class ThreatGroupVerification : RecordForm
{
    private const string NotUnverified = "Choose an unverified membership from the list.";

    public override string Kind => "threat-group-verification";

    public override string Title => "Verify a threat group membership";

    public override string Action => "Verify";

    [Required(ErrorMessage = NotUnverified)]
    public Guid? Entry { get; set; }

    public override bool Offers(Prisoner prisoner) => Unverified(prisoner).Any();

    public override bool ActsOn(Prisoner prisoner, Entry entry) => Unverified(prisoner).Any(m => m.Id == entry.Id);

    public override IReadOnlyList<FormField> Fields() => [EntryChoice(nameof(Entry), "Membership", Unverified(Prisoner), m => m.ToString())];

    public override void Validate(ModelStateDictionary errors) => OneOf(errors, nameof(Entry), Entry, Unverified(Prisoner), NotUnverified);

    public override string Apply()
    {
        var membership = Chosen(Entry, Unverified(Prisoner));
        Prisoner.VerifyThreatGroupMembership(membership.Id);
        return $"Membership of {membership.GroupName} verified.";
    }

    private static IEnumerable<ThreatGroupMembership> Unverified(Prisoner prisoner) =>
        prisoner.ThreatGroupMemberships.Where(m => !m.IsVerified && m.Period.End is null);
}
