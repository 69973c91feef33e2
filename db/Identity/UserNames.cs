namespace Prison.Db.Identity;

/// <summary>
/// What a user name may be, for the users page and the command line alike: at most <see cref="MaxLength"/> characters,
/// ASCII letters, digits and <c>. - _</c>. Checked when a user is added (<see cref="StaffAccounts.AddAsync"/>), never
/// again, so that someone named under an earlier, looser rule can still sign in and be disabled.
/// </summary>
public static class UserNames
{
    public const int MaxLength = 64;

    public const string Allowed = "letters, digits and . - _";

    /// <summary>Why <paramref name="name"/> cannot be a user name, or null when it can.</summary>
    public static string? Problem(string name)
    {
        if (name.Length == 0)
        {
            return "Give the user a name.";
        }

        if (name.Length > MaxLength)
        {
            return $"A user name has at most {MaxLength} characters: this one has {name.Length}.";
        }

        return name.All(IsAllowed) ? null : $"A user name has only {Allowed}, without spaces: '{name}' has others.";
    }

    private static bool IsAllowed(char c) => char.IsAsciiLetterOrDigit(c) || c is '.' or '-' or '_';
}
