namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// Every recording form, found by the kind in its address. <see cref="All"/> holds one of each, found among the form
/// classes so that a new form is listed by being written; each post is bound into a form of its own (<see cref="New"/>).
/// </summary>
public static class RecordForms
{
    public static IReadOnlyList<RecordForm> All { get; } =
    [
        .. typeof(RecordForm).Assembly.GetTypes()
            .Where(type => type is { IsClass: true, IsAbstract: false } && type.IsSubclassOf(typeof(RecordForm)))
            .OrderBy(type => type.Name, StringComparer.Ordinal)
            .Select(type => (RecordForm)Activator.CreateInstance(type)!),
    ];

    /// <summary>A new, empty form of <paramref name="kind"/>, or null for a kind there is no form of.</summary>
    public static RecordForm? New(string? kind) =>
        All.FirstOrDefault(f => string.Equals(f.Kind, kind, StringComparison.OrdinalIgnoreCase)) is { } form
            ? (RecordForm)Activator.CreateInstance(form.GetType())!
            : null;

    public static RecordForm Of<T>()
        where T : RecordForm => All.OfType<T>().Single();
}
