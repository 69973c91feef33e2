namespace Prison.Db.Identity;

/// <summary>A user change that was refused (weak password, unknown role, taken name...): its message says why; nothing was changed.</summary>
/// <param name="field">What was wrong, so a form can show the message next to it: "name", "roles" or "password"; null for anything else.</param>
/// <param name="tried">
/// For an act the one acting may not do (<see cref="ActorReach"/>, or on their own account): what the audit log
/// records they tried. Null for a mistake in what was asked.
/// </param>
public sealed class StaffAccountException(string message, string? field = null, string? tried = null) : Exception(message)
{
    public string? Field { get; } = field;

    public string? Tried { get; } = tried;
}
