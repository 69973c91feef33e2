using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>A move to another prison, ordinary or for disciplinary reasons: the current stay ends the same day.</summary>
public sealed class Transfer : RecordForm
{
    public override string Kind => "transfer";

    public override string Title => "Record a transfer";

    [Required(ErrorMessage = "Choose a prison from the list."), KnownPrison]
    public int? Prison { get; set; }

    [Required(ErrorMessage = "Enter the transfer date as YYYY-MM-DD."), Day]
    public DateOnly? Date { get; set; }

    public bool Disciplinary { get; set; }

    public override bool Offers(Prisoner prisoner) => prisoner.CurrentStay is not null;

    public override IReadOnlyList<FormField> Fields() =>
    [
        FormField.Choice(nameof(Prison), "To prison", Context.PrisonOptions),
        FormField.Date(nameof(Date), "Transfer date", Context.TodayText),
        FormField.Check(nameof(Disciplinary), "For disciplinary reasons"),
    ];

    public override void Validate(ModelStateDictionary errors)
    {
        if (Prisoner.CurrentStay is not { } current)
        {
            errors.AddModelError(string.Empty, $"{Prisoner.Number} is not in custody, so cannot be transferred: record an arrival instead.");
            return;
        }

        if (Fine(errors, nameof(Prison)) && Prison == current.PrisonId)
        {
            errors.AddModelError(nameof(Prison), "The prisoner is already held there: choose another prison.");
        }

        NotBefore(errors, nameof(Date), Date, current.ArrivalDate, "the arrival at the current prison");
    }

    public override string Apply()
    {
        Prisoner.Transfer(Prison!.Value, Date!.Value, Disciplinary);
        return $"{(Disciplinary ? "Disciplinary transfer" : "Transfer")} to {Context.PrisonName(Prison.Value)} on {Date:yyyy-MM-dd} recorded.";
    }
}
