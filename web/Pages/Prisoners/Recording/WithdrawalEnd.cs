using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class WithdrawalEnd : PeriodEndForm<WithdrawalEpisode>
{
    public override string Kind => "withdrawal-end";

    public override string Title => "End a withdrawal episode";

    protected override string EntryLabel => "Withdrawal episode";

    protected override string EndLabel => "Ended on";

    protected override IEnumerable<WithdrawalEpisode> Open(Prisoner prisoner) => prisoner.WithdrawalEpisodes.Where(w => w.Period.End is null);

    protected override DateRange PeriodOf(WithdrawalEpisode entry) => entry.Period;

    protected override void End(Prisoner prisoner, WithdrawalEpisode entry, DateOnly day) => prisoner.EndWithdrawal(entry.Id, day);
}
