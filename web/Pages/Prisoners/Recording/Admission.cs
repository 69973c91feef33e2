using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>Arrival: receives the prisoner into custody, the start of a custody episode.</summary>
public sealed class Admission : RecordForm
{
    public override string Kind => "admission";

    public override string Title => "Record an arrival";

    public override bool Offers(Prisoner prisoner) => prisoner.CurrentImprisonment is null;

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [FormField.Choice("Prison", "Prison", context.PrisonOptions), FormField.Date("Date", "Arrival date", context.TodayText)];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var prison = input.Prison("Prison", context);
        var date = input.Date("Date", "the arrival date");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.Admit(prison, date);
        return $"Arrival at {context.PrisonName(prison)} on {date:yyyy-MM-dd} recorded.";
    }
}
