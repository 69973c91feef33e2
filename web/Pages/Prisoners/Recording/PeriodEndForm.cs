using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// Ends one of the prisoner's open periods (segregation, a watch, a ban…), chosen from a list of those open.
/// The end day may not be in the future nor before the period's start.
/// </summary>
public abstract class PeriodEndForm<T> : RecordForm
    where T : Entity
{
    public override bool Offers(Prisoner prisoner) => Open(prisoner).Any();

    public override bool ActsOn(Prisoner prisoner, Entity entry) => Open(prisoner).Any(e => e.Id == entry.Id);

    public override string Action => Title.Split(' ')[0];

    /// <summary>What the list offers, as staff say it ("Segregation", "Detainer").</summary>
    protected abstract string EntryLabel { get; }

    protected abstract string EndLabel { get; }

    protected abstract IEnumerable<T> Open(Prisoner prisoner);

    protected abstract DateRange PeriodOf(T entry);

    protected abstract void End(Prisoner prisoner, T entry, DateOnly day);

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
        [EntryChoice(EntryField, EntryLabel, Open(prisoner), e => e.ToString() ?? string.Empty), FormField.Date("Date", EndLabel, context.TodayText)];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        var entry = input.Entry(EntryField, Open(prisoner), "Choose from the list: only what is still open can be ended.");
        var day = input.Date("Date", "the date");
        if (entry is not null && !input.Has("Date"))
        {
            input.NotBefore("Date", day, PeriodOf(entry).Start, "its start");
        }

        if (!input.IsValid || entry is null)
        {
            return null;
        }

        End(prisoner, entry, day);
        return $"{EntryLabel} ended on {day:yyyy-MM-dd}: {entry}.";
    }
}
