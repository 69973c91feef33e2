using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class PsychiatricEpisodeEntry : RecordForm
{
    public override string Kind => "psychiatric-episode";

    public override string Title => "Record a psychiatric episode";

    [Required(ErrorMessage = "Enter the date of the episode as YYYY-MM-DD."), Day]
    public DateOnly? Date { get; set; }

    public bool Violent { get; set; }

    [Required(ErrorMessage = "Describe what happened."), StringLength(LongText, ErrorMessage = TooLong)]
    public string? Note { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
    [
        FormField.Date(nameof(Date), "Date", Context.TodayText),
        FormField.Check(nameof(Violent), "Violent"),
        FormField.LongText(nameof(Note), "What happened", LongText),
    ];

    public override string Apply()
    {
        Prisoner.RecordPsychiatricEpisode(Date!.Value, Violent, Note!.Trim());
        return $"Psychiatric episode of {Date:yyyy-MM-dd} recorded.";
    }
}
