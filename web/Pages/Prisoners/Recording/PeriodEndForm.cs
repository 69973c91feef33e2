using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// Ends one of the prisoner's open periods (segregation, a watch, a ban…), chosen from a list of those open.
/// The end day may not be in the future nor before the period's start.
/// </summary>
public abstract class PeriodEndForm<T> : RecordForm
    where T : Entry
{
    private const string NotOpen = "Choose from the list: only what is still open can be ended.";

    [Required(ErrorMessage = NotOpen)]
    public Guid? Entry { get; set; }

    [Required(ErrorMessage = "Enter the date as YYYY-MM-DD."), Day]
    public DateOnly? Date { get; set; }

    public override bool Offers(Prisoner prisoner) => Open(prisoner).Any();

    public override bool ActsOn(Prisoner prisoner, Entry entry) => Open(prisoner).Any(e => e.Id == entry.Id);

    public override string Action => Title.Split(' ')[0];

    /// <summary>What the list offers, as staff say it ("Segregation", "Detainer").</summary>
    protected abstract string EntryLabel { get; }

    protected abstract string EndLabel { get; }

    protected abstract IEnumerable<T> Open(Prisoner prisoner);

    protected abstract DateRange PeriodOf(T entry);

    protected abstract void End(Prisoner prisoner, T entry, DateOnly day);

    public override IReadOnlyList<FormField> Fields() =>
        [EntryChoice(nameof(Entry), EntryLabel, Open(Prisoner), e => e.ToString() ?? string.Empty), FormField.Date(nameof(Date), EndLabel, Context.TodayText)];

    public override void Validate(ModelStateDictionary errors)
    {
        OneOf(errors, nameof(Entry), Entry, Open(Prisoner), NotOpen);
        if (Fine(errors, nameof(Entry)) && Entry is not null)
        {
            NotBefore(errors, nameof(Date), Date, PeriodOf(Chosen(Entry, Open(Prisoner))).Start, "its start");
        }
    }

    public override string Apply()
    {
        var entry = Chosen(Entry, Open(Prisoner));
        End(Prisoner, entry, Date!.Value);
        return $"{EntryLabel} ended on {Date:yyyy-MM-dd}: {entry}.";
    }
}
