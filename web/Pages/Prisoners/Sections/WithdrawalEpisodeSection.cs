using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

public sealed class WithdrawalEpisodeSection : EntrySection<WithdrawalEpisode>
{
    public override string Title => "Withdrawal episodes";

    public override RuleCategory Group => RuleCategory.Health;

    public override IReadOnlyList<RecordForm> Forms => [RecordForms.Of<WithdrawalStart>(), RecordForms.Of<WithdrawalEnd>()];
}
