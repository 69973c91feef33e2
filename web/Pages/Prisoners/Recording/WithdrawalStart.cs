using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class WithdrawalStart : RecordForm
{
    public override string Kind => "withdrawal-start";

    public override string Title => "Start a withdrawal episode";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [FormField.Date("Start", "Start date", context.TodayText), FormField.Text("Substance", "Substance")];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var start = input.Date("Start", "the start date");
        var substance = input.Text("Substance", "Name the substance.", 200);
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.StartWithdrawal(start, substance);
        return $"{substance} withdrawal from {start:yyyy-MM-dd} recorded.";
    }
}
