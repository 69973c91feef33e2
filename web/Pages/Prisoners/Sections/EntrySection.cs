using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Web.Pages.Prisoners.Recording;

namespace Prison.Web.Pages.Prisoners.Sections;

/// <summary>How the prisoner page shows one kind of entry: its heading, its group, its order and the forms on it.</summary>
public abstract class EntrySection
{
    public abstract Type Kind { get; }

    public abstract string Title { get; }

    public abstract RuleCategory Group { get; }

    /// <summary>The forms that add this kind of entry or act on one, the one that adds first.</summary>
    public abstract IReadOnlyList<RecordForm> Forms { get; }

    /// <summary>This kind's entries among <paramref name="entries"/>, in the order the page lists them.</summary>
    public abstract IEnumerable<Entry> Of(IEnumerable<Entry> entries);
}
