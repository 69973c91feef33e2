using System.ComponentModel.DataAnnotations;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class DrugTestEntry : RecordForm
{
    public override string Kind => "drug-test";

    public override string Title => "Record a drug test";

    [Required(ErrorMessage = "Enter the date of the test as YYYY-MM-DD."), Day]
    public DateOnly? Date { get; set; }

    [Required(ErrorMessage = "Choose a result from the list.")]
    public DrugTestResult? Result { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
        [FormField.Date(nameof(Date), "Date", Context.TodayText), FormField.Choice<DrugTestResult>(nameof(Result), "Result")];

    public override string Apply()
    {
        Prisoner.RecordDrugTest(Date!.Value, Result!.Value);
        return $"Drug test of {Date:yyyy-MM-dd} ({Words.InSentence(Result.Value)}) recorded.";
    }
}
