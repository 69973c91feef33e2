using System.ComponentModel.DataAnnotations;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class RequestEntry : RecordForm
{
    public override string Kind => "request";

    public override string Title => "Record a request";

    [Required(ErrorMessage = "Choose what the request is for from the list.")]
    public RequestType? Type { get; set; }

    [Required(ErrorMessage = "Enter the day it was made as YYYY-MM-DD."), Day]
    public DateOnly? Date { get; set; }

    [Required(ErrorMessage = "Choose a decision from the list.")]
    public RequestDecision? Decision { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
    [
        FormField.Choice<RequestType>(nameof(Type), "Request for"),
        FormField.Date(nameof(Date), "Made on", Context.TodayText),
        FormField.Choice<RequestDecision>(nameof(Decision), "Decision", RequestDecision.Pending.ToString()),
    ];

    public override string Apply()
    {
        Prisoner.RecordRequest(Type!.Value, Date!.Value, Decision!.Value);
        return $"{Words.Of(Type.Value)} request of {Date:yyyy-MM-dd} recorded.";
    }
}
