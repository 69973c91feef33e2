using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class DetainerLift : PeriodEndForm<Detainer>
{
    public override string Kind => "detainer-lift";

    public override string Title => "Lift a detainer";

    protected override string EntryLabel => "Detainer";

    protected override string EndLabel => "Lifted on";

    protected override IEnumerable<Detainer> Open(Prisoner prisoner) => prisoner.Detainers.Where(d => d.Period.End is null);

    protected override DateRange PeriodOf(Detainer entry) => entry.Period;

    protected override void End(Prisoner prisoner, Detainer entry, DateOnly day) => prisoner.LiftDetainer(entry.Id, day);
}
