using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>An earlier stay learned of later, with both its dates, in any order with the stays already recorded.</summary>
public sealed class PastStay : RecordForm
{
    public override string Kind => "past-stay";

    public override string Title => "Record an earlier stay";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        FormField.Choice("Prison", "Prison", context.PrisonOptions),
        FormField.Choice<ArrivalReason>("Reason", "How they arrived", ArrivalReason.NewReception.ToString()),
        FormField.Date("Arrival", "Arrival date", string.Empty),
        FormField.Date("Left", "Left on", string.Empty),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var prison = input.Prison("Prison", context);
        var reason = input.Choice<ArrivalReason>("Reason", "Choose how they arrived from the list.");
        var arrival = input.Date("Arrival", "the arrival date");
        var left = input.Date("Left", "the day they left");
        if (!input.Has("Arrival") && !input.Has("Left"))
        {
            input.NotBefore("Left", left, arrival, "the arrival");
        }

        if (!input.IsValid)
        {
            return null;
        }

        prisoner.RecordPastStay(prison, arrival, left, reason);
        return $"Earlier stay at {context.PrisonName(prison)} from {arrival:yyyy-MM-dd} to {left:yyyy-MM-dd} recorded.";
    }
}
