using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>Release from custody: the current stay ends.</summary>
public sealed class Release : RecordForm
{
    public override string Kind => "release";

    public override string Title => "Record a release";

    public override bool Offers(Prisoner prisoner) => prisoner.CurrentImprisonment is not null;

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [FormField.Date("Date", "Release date", context.TodayText)];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var date = input.Date("Date", "the release date");
        if (prisoner.CurrentImprisonment is { } current && !input.Has("Date"))
        {
            input.NotBefore("Date", date, current.ArrivalDate, "the arrival at the current prison");
        }

        if (!input.IsValid)
        {
            return null;
        }

        prisoner.Release(date);
        return $"Release on {date:yyyy-MM-dd} recorded.";
    }
}
