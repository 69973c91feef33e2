using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class PsychiatricEpisodeEntry : RecordForm
{
    public override string Kind => "psychiatric-episode";

    public override string Title => "Record a psychiatric episode";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        FormField.Date("Date", "Date", context.TodayText),
        FormField.Check("Violent", "Violent"),
        FormField.LongText("Note", "What happened"),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var date = input.Date("Date", "the date of the episode");
        var violent = input.Check("Violent");
        var note = input.Text("Note", "Describe what happened.");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.RecordPsychiatricEpisode(date, violent, note);
        return $"Psychiatric episode of {date:yyyy-MM-dd} recorded.";
    }
}
