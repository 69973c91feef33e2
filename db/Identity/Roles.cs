namespace Prison.Db.Identity;

/// <summary>
/// The roles a user can hold. They are independent in storage; web's policies let an Admin do everything Staff can
/// (dashboard, prisoner pages), while the operations page needs Operator itself.
/// </summary>
public static class Roles
{
    public const string Staff = "Staff";
    public const string Admin = "Admin";
    public const string Operator = "Operator";

    public static readonly IReadOnlyList<string> All = [Staff, Admin, Operator];

    /// <summary>The role as it is spelled here, whatever the case it was typed in; null when there is no such role.</summary>
    public static string? Find(string name) => All.FirstOrDefault(r => string.Equals(r, name.Trim(), StringComparison.OrdinalIgnoreCase));

    /// <summary>Why <paramref name="roles"/> cannot be a user's roles (none, or one that is not a role), or null when they can.</summary>
    public static string? Problem(IReadOnlyCollection<string> roles) =>
        roles.Count == 0 ? $"Give at least one role: {string.Join(", ", All)}."
        : roles.FirstOrDefault(role => Find(role) is null) is { } unknown ? $"'{unknown}' is not a role. The roles are {string.Join(", ", All)}."
        : null;
}
