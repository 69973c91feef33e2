using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class IntelligenceReportEntry : RecordForm
{
    public override string Kind => "intelligence";

    public override string Title => "Add an intelligence report";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        FormField.Date("Date", "Date", context.TodayText),
        FormField.Choice<IntelligenceGrade>("Grade", "Grade"),
        FormField.LongText("Summary", "Summary"),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var date = input.Date("Date", "the date of the report");
        var grade = input.Choice<IntelligenceGrade>("Grade", "Choose a grade from the list.");
        var summary = input.Text("Summary", "Summarise the report.");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.RecordIntelligence(date, grade, summary);
        return $"{grade} grade intelligence of {date:yyyy-MM-dd} added.";
    }
}
