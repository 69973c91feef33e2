using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class ThreatGroupMembershipEnd : PeriodEndForm<ThreatGroupMembership>
{
    public override string Kind => "threat-group-end";

    public override string Title => "End a threat group membership";

    protected override string EntryLabel => "Membership";

    protected override string EndLabel => "Ended on";

    protected override IEnumerable<ThreatGroupMembership> Open(Prisoner prisoner) => prisoner.ThreatGroupMemberships.Where(m => m.Period.End is null);

    protected override DateRange PeriodOf(ThreatGroupMembership entry) => entry.Period;

    protected override void End(Prisoner prisoner, ThreatGroupMembership entry, DateOnly day) => prisoner.EndThreatGroupMembership(entry.Id, day);
}
