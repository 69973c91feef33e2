using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class RequestEntry : RecordForm
{
    public override string Kind => "request";

    public override string Title => "Record a request";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        FormField.Choice<RequestType>("Type", "Request for"),
        FormField.Date("Date", "Made on", context.TodayText),
        FormField.Choice<RequestDecision>("Decision", "Decision", RequestDecision.Pending.ToString()),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var type = input.Choice<RequestType>("Type", "Choose what the request is for from the list.");
        var date = input.Date("Date", "the day it was made");
        var decision = input.Choice<RequestDecision>("Decision", "Choose a decision from the list.");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.RecordRequest(type, date, decision);
        return $"{Status.Words.Of(type.ToString())} request of {date:yyyy-MM-dd} recorded.";
    }
}
