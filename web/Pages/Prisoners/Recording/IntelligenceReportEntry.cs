using System.ComponentModel.DataAnnotations;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class IntelligenceReportEntry : RecordForm
{
    public override string Kind => "intelligence";

    public override string Title => "Add an intelligence report";

    [Required(ErrorMessage = "Enter the date of the report as YYYY-MM-DD."), Day]
    public DateOnly? Date { get; set; }

    [Required(ErrorMessage = "Choose a grade from the list.")]
    public IntelligenceGrade? Grade { get; set; }

    [Required(ErrorMessage = "Summarise the report."), StringLength(LongText, ErrorMessage = TooLong)]
    public string? Summary { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
    [
        FormField.Date(nameof(Date), "Date", Context.TodayText),
        FormField.Choice<IntelligenceGrade>(nameof(Grade), "Grade"),
        FormField.LongText(nameof(Summary), "Summary", LongText),
    ];

    public override string Apply()
    {
        Prisoner.RecordIntelligence(Date!.Value, Grade!.Value, Summary!.Trim());
        return $"{Words.Of(Grade.Value)} grade intelligence of {Date:yyyy-MM-dd} added.";
    }
}
