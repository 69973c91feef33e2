using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>Arrival: receives the prisoner into custody, the start of a custody episode.</summary>
public sealed class Admission : RecordForm
{
    public override string Kind => "admission";

    public override string Title => "Record an arrival";

    [Required(ErrorMessage = "Choose a prison from the list."), KnownPrison(Arrival = true)]
    public int? Prison { get; set; }

    [Required(ErrorMessage = "Enter the arrival date as YYYY-MM-DD."), Day]
    public DateOnly? Date { get; set; }

    public override bool Offers(Prisoner prisoner) => prisoner.CurrentStay is null;

    public override IReadOnlyList<FormField> Fields() =>
        [FormField.Choice(nameof(Prison), "Prison", Context.ArrivalPrisonOptions), FormField.Date(nameof(Date), "Arrival date", Context.TodayText)];

    public override void Validate(ModelStateDictionary errors)
    {
        if (Prisoner.CurrentStay is { } current)
        {
            errors.AddModelError(string.Empty, $"{Prisoner.Number} is already held at {Context.PrisonName(current.PrisonId)} since {current.ArrivalDate:yyyy-MM-dd}: record a transfer instead.");
        }
        else if (Fine(errors, nameof(Date)) && Date is { } date && Prisoner.OverlappingStay(date, null) is { } clash)
        {
            errors.AddModelError(nameof(Date), $"This arrival overlaps an earlier stay: {RecordWords.Of(clash, Context.PrisonName)}.");
        }
    }

    public override string Apply()
    {
        Prisoner.Admit(Prison!.Value, Date!.Value);
        return $"Arrival at {Context.PrisonName(Prison.Value)} on {Date:yyyy-MM-dd} recorded.";
    }
}
