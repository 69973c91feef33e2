namespace Prison.Web.Forms;

/// <summary>
/// What to say when what was typed or linked for an optional value cannot be read as its type ("31/12/2025" for a
/// day, "Harmless" for a status); "{0}" in it stands for what was typed. A required field says what its
/// <see cref="System.ComponentModel.DataAnnotations.RequiredAttribute"/> says instead (<see cref="PlainBindingMessages"/>),
/// whether the value is missing or unreadable.
/// </summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class UnreadableAttribute(string message) : Attribute
{
    public string Message { get; } = message;

    /// <summary>The message about <paramref name="typed"/>.</summary>
    public string About(string? typed) => Message.Replace("{0}", typed, StringComparison.Ordinal);
}
