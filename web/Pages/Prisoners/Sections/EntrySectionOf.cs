using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Sections;

/// <summary>The section of entries of kind <typeparamref name="T"/>, listed in the order they were made unless it says otherwise.</summary>
public abstract class EntrySection<T> : EntrySection
    where T : Entry
{
    public override Type Kind => typeof(T);

    public override IEnumerable<Entry> Of(IEnumerable<Entry> entries) => Order(entries.OfType<T>());

    protected virtual IEnumerable<T> Order(IEnumerable<T> entries) => entries;
}
