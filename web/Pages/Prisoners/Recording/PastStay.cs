using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain.Record;
using Prison.Web.Wording;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>An earlier stay learned of later, with both its dates, in any order with the stays already recorded.</summary>
public sealed class PastStay : RecordForm
{
    public override string Kind => "past-stay";

    public override string Title => "Record an earlier stay";

    [Required(ErrorMessage = "Choose a prison from the list."), KnownPrison]
    public int? Prison { get; set; }

    [Required(ErrorMessage = "Choose how they arrived from the list.")]
    public ArrivalReason? Reason { get; set; }

    [Required(ErrorMessage = "Enter the arrival date as YYYY-MM-DD."), Day]
    public DateOnly? Arrival { get; set; }

    [Required(ErrorMessage = "Enter the day they left as YYYY-MM-DD."), Day]
    public DateOnly? Left { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
    [
        FormField.Choice(nameof(Prison), "Prison", Context.PrisonOptions),
        FormField.Choice<ArrivalReason>(nameof(Reason), "How they arrived", ArrivalReason.NewReception.ToString()),
        FormField.Date(nameof(Arrival), "Arrival date", string.Empty),
        FormField.Date(nameof(Left), "Left on", string.Empty),
    ];

    public override void Validate(ModelStateDictionary errors)
    {
        if (!Fine(errors, nameof(Arrival)))
        {
            return;
        }

        NotBefore(errors, nameof(Left), Left, Arrival, "the arrival");
        if (Fine(errors, nameof(Left)) && Arrival is { } arrival && Left is { } left && Prisoner.OverlappingStay(arrival, left) is { } clash)
        {
            errors.AddModelError(string.Empty, $"That stay ({arrival:yyyy-MM-dd} to {left:yyyy-MM-dd}) overlaps the stay {RecordWords.Of(clash, Context.PrisonName)}.");
        }
    }

    public override string Apply()
    {
        Prisoner.RecordPastStay(Prison!.Value, Arrival!.Value, Left!.Value, Reason!.Value);
        return $"Earlier stay at {Context.PrisonName(Prison.Value)} from {Arrival:yyyy-MM-dd} to {Left:yyyy-MM-dd} recorded.";
    }
}
