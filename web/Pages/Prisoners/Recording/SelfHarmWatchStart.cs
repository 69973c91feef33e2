using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class SelfHarmWatchStart : RecordForm
{
    public override string Kind => "self-harm-watch-start";

    public override string Title => "Start a self-harm watch";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [FormField.Date("Start", "Start date", context.TodayText)];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var start = input.Date("Start", "the start date");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.StartSelfHarmWatch(start);
        return $"Self-harm watch from {start:yyyy-MM-dd} recorded.";
    }
}
