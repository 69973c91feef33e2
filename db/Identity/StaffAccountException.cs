namespace Prison.Db.Identity;

/// <summary>A user change that was refused (weak password, unknown role, taken name...): its message says why; nothing was changed.</summary>
/// <param name="field">What was wrong, so a form can show the message next to it: "name", "roles" or "password"; null for anything else.</param>
public sealed class StaffAccountException(string message, string? field = null) : Exception(message)
{
    public string? Field { get; } = field;
}
