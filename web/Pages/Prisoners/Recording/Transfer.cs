using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>A move to another prison, ordinary or for disciplinary reasons: the current stay ends the same day.</summary>
public sealed class Transfer : RecordForm
{
    public override string Kind => "transfer";

    public override string Title => "Record a transfer";

    public override bool Offers(Prisoner prisoner) => prisoner.CurrentImprisonment is not null;

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        FormField.Choice("Prison", "To prison", context.PrisonOptions),
        FormField.Date("Date", "Transfer date", context.TodayText),
        FormField.Check("Disciplinary", "For disciplinary reasons"),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var prison = input.Prison("Prison", context);
        var date = input.Date("Date", "the transfer date");
        if (prisoner.CurrentImprisonment is { } current)
        {
            if (!input.Has("Prison") && prison == current.PrisonId)
            {
                input.Refuse("Prison", "The prisoner is already held there: choose another prison.");
            }

            if (!input.Has("Date"))
            {
                input.NotBefore("Date", date, current.ArrivalDate, "the arrival at the current prison");
            }
        }

        var disciplinary = input.Check("Disciplinary");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.Transfer(prison, date, disciplinary);
        return $"{(disciplinary ? "Disciplinary transfer" : "Transfer")} to {context.PrisonName(prison)} on {date:yyyy-MM-dd} recorded.";
    }
}
