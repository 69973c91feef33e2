using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class SelfHarmWatchStart : RecordForm
{
    public override string Kind => "self-harm-watch-start";

    public override string Title => "Start a self-harm watch";

    [Required(ErrorMessage = "Enter the start date as YYYY-MM-DD."), Day]
    public DateOnly? Start { get; set; }

    public override IReadOnlyList<FormField> Fields() => [FormField.Date(nameof(Start), "Start date", Context.TodayText)];

    public override string Apply()
    {
        Prisoner.StartSelfHarmWatch(Start!.Value);
        return $"Self-harm watch from {Start:yyyy-MM-dd} recorded.";
    }
}
