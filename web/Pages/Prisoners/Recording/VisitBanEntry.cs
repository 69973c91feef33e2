using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>A ban on visits from a day, open-ended or until a day.</summary>
public sealed class VisitBanEntry : RecordForm
{
    public override string Kind => "visit-ban";

    public override string Title => "Ban visits";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        FormField.Date("Start", "From", context.TodayText),
        FormField.Date("End", "Until, if decided", string.Empty),
        FormField.Text("Reason", "Reason"),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var start = input.Date("Start", "the first day of the ban", futureAllowed: true);
        var end = input.OptionalDate("End", "the day the ban ends", futureAllowed: true);
        if (!input.Has("Start"))
        {
            input.NotBefore("End", end, start, "the start");
        }

        var reason = input.Text("Reason", "Say why visits are banned.", 500);
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.BanVisits(start, end, reason);
        return $"Visit ban from {start:yyyy-MM-dd} recorded.";
    }
}
