namespace Prison.Db.Identity;

/// <summary>A user as the listings show it.</summary>
public sealed record StaffAccount(string Name, IReadOnlyList<string> Roles, bool IsLockedOut, DateTimeOffset? LockedOutUntil, bool IsDisabled, bool HasTwoFactor, PrisonAccess Prisons);
