using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class DrugTestEntry : RecordForm
{
    public override string Kind => "drug-test";

    public override string Title => "Record a drug test";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [FormField.Date("Date", "Date", context.TodayText), FormField.Choice<DrugTestResult>("Result", "Result")];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var date = input.Date("Date", "the date of the test");
        var result = input.Choice<DrugTestResult>("Result", "Choose a result from the list.");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.RecordDrugTest(date, result);
        return $"Drug test of {date:yyyy-MM-dd} ({result.ToString().ToLowerInvariant()}) recorded.";
    }
}
