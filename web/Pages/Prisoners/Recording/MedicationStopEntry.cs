using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class MedicationStopEntry : RecordForm
{
    public override string Kind => "medication-stop";

    public override string Title => "Record a medication stop";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        FormField.Date("Date", "Stopped on", context.TodayText),
        FormField.Text("Medication", "Medication"),
        FormField.Check("Antipsychotic", "An antipsychotic"),
        FormField.Check("ByPrisoner", "Stopped by the prisoner (not the prescriber)"),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var date = input.Date("Date", "the day it stopped");
        var medication = input.Text("Medication", "Name the medication.", 200);
        var antipsychotic = input.Check("Antipsychotic");
        var byPrisoner = input.Check("ByPrisoner");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.RecordMedicationStop(date, medication, antipsychotic, byPrisoner);
        return $"Stop of {medication} on {date:yyyy-MM-dd} recorded.";
    }
}
