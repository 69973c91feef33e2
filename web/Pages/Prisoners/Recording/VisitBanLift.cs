using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class VisitBanLift : PeriodEndForm<VisitBan>
{
    public override string Kind => "visit-ban-lift";

    public override string Title => "Lift a visit ban";

    protected override string EntryLabel => "Visit ban";

    protected override string EndLabel => "Lifted on";

    protected override IEnumerable<VisitBan> Open(Prisoner prisoner) => prisoner.VisitBans.Where(b => b.Period.End is null);

    protected override DateRange PeriodOf(VisitBan entry) => entry.Period;

    protected override void End(Prisoner prisoner, VisitBan entry, DateOnly day) => prisoner.LiftVisitBan(entry.Id, day);
}
