using Prison.Domain;
using Prison.Domain.Evaluation;

namespace Prison.Web.Pages.Prisoners.Sections;

/// <summary>
/// The prisoner page's section of each kind of entry the record holds (<see cref="Prisoner.EntryKinds"/>), found as the
/// one <see cref="EntrySection{T}"/> of that kind, grouped by the rules' categories (custody first: where the prisoner is
/// held, then the categories in their declared order) and, within one, in the record's order.
/// </summary>
public static class RecordSections
{
    public static IReadOnlyList<EntrySection> All { get; } =
        [.. Prisoner.EntryKinds.Select(Of).OrderBy(s => s.Group == RuleCategory.Custody ? -1 : (int)s.Group).ThenBy(s => Prisoner.EntryKinds.ToList().IndexOf(s.Kind))];

    /// <summary>The kinds of entry that have no section: the page cannot show them.</summary>
    public static IReadOnlyList<Type> Missing() => [.. Prisoner.EntryKinds.Where(kind => Find(kind) is null)];

    private static EntrySection Of(Type kind) =>
        Find(kind) ?? throw new InvalidOperationException($"The prisoner page has no section for {kind.Name}: add a {kind.Name}Section, an EntrySection<{kind.Name}>.");

    private static EntrySection? Find(Type kind) =>
        typeof(RecordSections).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && t.BaseType == typeof(EntrySection<>).MakeGenericType(kind))
            .Select(t => (EntrySection)Activator.CreateInstance(t)!)
            .SingleOrDefault();
}
