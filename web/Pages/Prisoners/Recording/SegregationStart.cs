using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class SegregationStart : RecordForm
{
    public override string Kind => "segregation-start";

    public override string Title => "Start a segregation";

    [Required(ErrorMessage = "Enter the start date as YYYY-MM-DD."), Day]
    public DateOnly? Start { get; set; }

    [Required(ErrorMessage = "Say why the prisoner is segregated."), StringLength(ReasonText, ErrorMessage = TooLong)]
    public string? Reason { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
        [FormField.Date(nameof(Start), "Start date", Context.TodayText), FormField.Text(nameof(Reason), "Reason", ReasonText)];

    public override string Apply()
    {
        Prisoner.Segregate(Start!.Value, Reason!.Trim());
        return $"Segregation from {Start:yyyy-MM-dd} recorded.";
    }
}
