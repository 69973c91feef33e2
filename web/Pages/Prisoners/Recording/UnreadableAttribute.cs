namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// What to say when what was posted for an optional field cannot be read as its type ("31/12/2025" for a day).
/// A required field says what its <see cref="System.ComponentModel.DataAnnotations.RequiredAttribute"/> says instead
/// (<see cref="PlainBindingMessages"/>), whether the value is missing or unreadable.
/// </summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class UnreadableAttribute(string message) : Attribute
{
    public string Message { get; } = message;
}
