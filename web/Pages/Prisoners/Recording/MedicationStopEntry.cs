using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class MedicationStopEntry : RecordForm
{
    public override string Kind => "medication-stop";

    public override string Title => "Record a medication stop";

    [Required(ErrorMessage = "Enter the day it stopped as YYYY-MM-DD."), Day]
    public DateOnly? Date { get; set; }

    [Required(ErrorMessage = "Name the medication."), StringLength(ShortText, ErrorMessage = TooLong)]
    public string? Medication { get; set; }

    public bool Antipsychotic { get; set; }

    public bool ByPrisoner { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
    [
        FormField.Date(nameof(Date), "Stopped on", Context.TodayText),
        FormField.Text(nameof(Medication), "Medication", ShortText),
        FormField.Check(nameof(Antipsychotic), "An antipsychotic"),
        FormField.Check(nameof(ByPrisoner), "Stopped by the prisoner (not the prescriber)"),
    ];

    public override string Apply()
    {
        var medication = Medication!.Trim();
        Prisoner.RecordMedicationStop(Date!.Value, medication, Antipsychotic, ByPrisoner);
        return $"Stop of {medication} on {Date:yyyy-MM-dd} recorded.";
    }
}
