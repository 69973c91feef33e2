using Prison.Domain;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// A field of a recording form: the property it is bound to (and posted as), its label, how it is shown, what it holds
/// at first, and for a select list its options and the prompt offered before them (none when a choice is always made).
/// </summary>
public sealed record FormField(string Name, string Label, FieldKind Kind, IReadOnlyList<FieldOption>? Options = null, string? Initial = null, string? Prompt = "Choose…")
{
    public static FormField Text(string name, string label, int maxLength) => new(name, label, FieldKind.Text) { MaxLength = maxLength };

    public static FormField LongText(string name, string label, int maxLength) => new(name, label, FieldKind.LongText) { MaxLength = maxLength };

    /// <summary>A date field, offering today in the prison's calendar unless <paramref name="initial"/> says otherwise.</summary>
    public static FormField Date(string name, string label, string? initial) => new(name, $"{label} (YYYY-MM-DD)", FieldKind.Date, Initial: initial);

    public static FormField Number(string name, string label) => new(name, label, FieldKind.Number);

    public static FormField Check(string name, string label) => new(name, label, FieldKind.Check);

    public static FormField Choice(string name, string label, IEnumerable<FieldOption> options, string? initial = null) =>
        new(name, label, FieldKind.Choice, [.. options], initial);

    /// <summary>A select list of the values of <typeparamref name="T"/>, in words.</summary>
    public static FormField Choice<T>(string name, string label, string? initial = null, Func<T, bool>? offered = null)
        where T : struct, Enum =>
        Choice(name, label, Enum.GetValues<T>().Where(v => offered?.Invoke(v) ?? true).Select(v => new FieldOption(v.ToString(), Words.Of(v))), initial);

    /// <summary>The most characters the field takes, as the browser is told too (text fields).</summary>
    public int? MaxLength { get; init; }
}
