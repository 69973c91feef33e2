using Prison.Web.Status;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>A field of a recording form: its posted name, its label, how it is shown and what it holds at first.</summary>
public sealed record FormField(string Name, string Label, FieldKind Kind, IReadOnlyList<FieldOption>? Options = null, string? Initial = null)
{
    public static FormField Text(string name, string label) => new(name, label, FieldKind.Text);

    public static FormField LongText(string name, string label) => new(name, label, FieldKind.LongText);

    /// <summary>A date field, offering today in the prison's calendar unless <paramref name="initial"/> says otherwise.</summary>
    public static FormField Date(string name, string label, string? initial) => new(name, $"{label} (YYYY-MM-DD)", FieldKind.Date, Initial: initial);

    public static FormField Number(string name, string label) => new(name, label, FieldKind.Number);

    public static FormField Check(string name, string label) => new(name, label, FieldKind.Check);

    public static FormField Choice(string name, string label, IEnumerable<FieldOption> options, string? initial = null) =>
        new(name, label, FieldKind.Choice, [.. options], initial);

    /// <summary>A select list of the values of <typeparamref name="T"/>, in words.</summary>
    public static FormField Choice<T>(string name, string label, string? initial = null, Func<T, bool>? offered = null)
        where T : struct, Enum =>
        Choice(name, label, Enum.GetValues<T>().Where(v => offered?.Invoke(v) ?? true).Select(v => new FieldOption(v.ToString(), Words.Of(v.ToString()))), initial);
}
