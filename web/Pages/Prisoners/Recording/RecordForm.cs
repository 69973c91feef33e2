using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// One kind of record entry staff can make, and the one way every recording form (the disciplinary notice included)
/// is handled. A subclass says what the form is (its kind, title, fields) and holds what was typed in its public
/// settable properties, which model binding fills; validation attributes on them refuse what is missing, unreadable,
/// too long or implausible (<see cref="DayAttribute"/>), and <see cref="Validate"/>, its one validator, what only the
/// record can tell (an entry not on the list, an end before its start). Only then is <see cref="Apply"/> called, the
/// one aggregate call that records it; a refusal by the aggregate itself (<see cref="RecordRefusedException"/>) becomes
/// a message on the whole form, and nothing is saved.
/// </summary>
public abstract class RecordForm
{
    /// <summary>Names, groups, courts, substances: as long as the record keeps them.</summary>
    protected const int ShortText = 200;

    /// <summary>Reasons for a segregation or a visit ban.</summary>
    protected const int ReasonText = 500;

    /// <summary>What happened, summaries, notes.</summary>
    protected const int LongText = 2000;

    /// <summary>The message of every <see cref="System.ComponentModel.DataAnnotations.StringLengthAttribute"/>: {1} is its length.</summary>
    protected const string TooLong = "Keep this to {1} characters at most.";

    private Prisoner? prisoner;

    private RecordContext? context;

    /// <summary>The last segment of the form's address, /prisoners/{number}/record/{kind}.</summary>
    public abstract string Kind { get; }

    /// <summary>The heading and the words of the link to the form.</summary>
    public abstract string Title { get; }

    public virtual string Button => "Save";

    /// <summary>The field that names the entry acted on, filled in from the link.</summary>
    public virtual string EntryField => "Entry";

    /// <summary>The words of the link beside an entry this form acts on.</summary>
    public virtual string Action => Title;

    /// <summary>The prisoner the form records on, set by <see cref="For"/> before anything is bound.</summary>
    internal Prisoner Prisoner => prisoner ?? throw new InvalidOperationException($"The {Kind} form was not given its prisoner.");

    internal RecordContext Context => context ?? throw new InvalidOperationException($"The {Kind} form was not given its context.");

    /// <summary>Whether the form makes sense for this prisoner now (an end form needs something open to end).</summary>
    public virtual bool Offers(Prisoner prisoner) => true;

    /// <summary>Whether this form acts on that entry (ends, lifts or decides it), so the page offers it beside the entry.</summary>
    public virtual bool ActsOn(Prisoner prisoner, Entry entry) => false;

    /// <summary>Makes this form the one for <paramref name="recordedOn"/> now: the checks of what is typed read both.</summary>
    public RecordForm For(Prisoner recordedOn, RecordContext now)
    {
        prisoner = recordedOn;
        context = now;
        return this;
    }

    /// <summary>The fields as shown, each named after the property it is bound to.</summary>
    public abstract IReadOnlyList<FormField> Fields();

    /// <summary>The form's own checks against the record, after binding; a field refused already is not refused again.</summary>
    public virtual void Validate(ModelStateDictionary errors)
    {
    }

    /// <summary>Records the entry through the aggregate and says what was recorded. Called only when nothing was refused.</summary>
    public abstract string Apply();

    /// <summary>Whether <paramref name="field"/> was read without a refusal so far.</summary>
    protected static bool Fine(ModelStateDictionary errors, string field) => errors.GetFieldValidationState(field) != ModelValidationState.Invalid;

    /// <summary>Refuses <paramref name="field"/>'s day when it is before <paramref name="start"/>.</summary>
    protected static void NotBefore(ModelStateDictionary errors, string field, DateOnly? day, DateOnly? start, string startWords)
    {
        if (Fine(errors, field) && day < start)
        {
            errors.AddModelError(field, $"This date cannot be before {startWords} ({start:yyyy-MM-dd}).");
        }
    }

    /// <summary>Refuses <paramref name="field"/> unless <paramref name="id"/> is one of <paramref name="candidates"/>, as the list offered them.</summary>
    protected static void OneOf<T>(ModelStateDictionary errors, string field, Guid? id, IEnumerable<T> candidates, string message)
        where T : Entry
    {
        if (Fine(errors, field) && id is { } chosen && !candidates.Any(c => c.Id == chosen))
        {
            errors.AddModelError(field, message);
        }
    }

    /// <summary>The entry chosen from <paramref name="candidates"/>; <see cref="Validate"/> made sure it is one of them.</summary>
    protected static T Chosen<T>(Guid? id, IEnumerable<T> candidates)
        where T : Entry => candidates.First(c => c.Id == id);

    /// <summary>Entries as a select list shows them, the field starting on the first (or on the one the link named).</summary>
    protected static FormField EntryChoice<T>(string name, string label, IEnumerable<T> entries, Func<T, string> describe)
        where T : Entry =>
        FormField.Choice(name, label, entries.Select(e => new FieldOption(e.Id.ToString(), describe(e))));
}
