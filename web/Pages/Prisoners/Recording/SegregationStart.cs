using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class SegregationStart : RecordForm
{
    public override string Kind => "segregation-start";

    public override string Title => "Start a segregation";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [FormField.Date("Start", "Start date", context.TodayText), FormField.Text("Reason", "Reason")];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var start = input.Date("Start", "the start date");
        var reason = input.Text("Reason", "Say why the prisoner is segregated.", 500);
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.Segregate(start, reason);
        return $"Segregation from {start:yyyy-MM-dd} recorded.";
    }
}
