using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class SelfHarmWatchEnd : PeriodEndForm<SelfHarmWatch>
{
    public override string Kind => "self-harm-watch-end";

    public override string Title => "End a self-harm watch";

    protected override string EntryLabel => "Watch";

    protected override string EndLabel => "Ended on";

    protected override IEnumerable<SelfHarmWatch> Open(Prisoner prisoner) => prisoner.SelfHarmWatches.Where(w => w.Period.End is null);

    protected override DateRange PeriodOf(SelfHarmWatch entry) => entry.Period;

    protected override void End(Prisoner prisoner, SelfHarmWatch entry, DateOnly day) => prisoner.EndSelfHarmWatch(entry.Id, day);
}
