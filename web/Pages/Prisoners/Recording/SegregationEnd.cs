using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class SegregationEnd : PeriodEndForm<SegregationPeriod>
{
    public override string Kind => "segregation-end";

    public override string Title => "End a segregation";

    protected override string EntryLabel => "Segregation";

    protected override string EndLabel => "Ended on";

    protected override IEnumerable<SegregationPeriod> Open(Prisoner prisoner) => prisoner.SegregationPeriods.Where(s => s.Period.End is null);

    protected override DateRange PeriodOf(SegregationPeriod entry) => entry.Period;

    protected override void End(Prisoner prisoner, SegregationPeriod entry, DateOnly day) => prisoner.EndSegregation(entry.Id, day);
}
