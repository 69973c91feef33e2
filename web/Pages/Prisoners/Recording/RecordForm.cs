using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// One kind of record entry staff can make: its fields, its checks of what was typed, and the one aggregate call
/// that records it. Input problems become messages next to their fields before the aggregate is called; a
/// refusal by the aggregate itself (it throws) becomes a message on the whole form, and nothing is saved.
/// </summary>
public abstract class RecordForm
{
    /// <summary>The last segment of the form's address, /prisoners/{number}/record/{kind}.</summary>
    public abstract string Kind { get; }

    /// <summary>The heading and the words of the link to the form.</summary>
    public abstract string Title { get; }

    public virtual string Button => "Save";

    /// <summary>Whether the form makes sense for this prisoner now (an end form needs something open to end).</summary>
    public virtual bool Offers(Prisoner prisoner) => true;

    /// <summary>Whether this form acts on that entry (ends, lifts or decides it), so the page offers it beside the entry.</summary>
    public virtual bool ActsOn(Prisoner prisoner, Entity entry) => false;

    /// <summary>The words of the link beside an entry this form acts on.</summary>
    public virtual string Action => Title;

    /// <summary>The field that names the entry acted on, filled in from the link.</summary>
    public virtual string EntryField => "Entry";

    public abstract IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context);

    /// <summary>Records the entry and says what was recorded; returns null, recording nothing, when a field was refused.</summary>
    public abstract string? Apply(Prisoner prisoner, RecordInput input, RecordContext context);

    /// <summary>Entries as a select list shows them, the field starting on the first (or on the one the link named).</summary>
    protected static FormField EntryChoice<T>(string name, string label, IEnumerable<T> entries, Func<T, string> describe)
        where T : Entity =>
        FormField.Choice(name, label, entries.Select(e => new FieldOption(e.Id.ToString(), describe(e))));
}
