namespace Prison.Db.Identity;

/// <summary>
/// One sign-in of a staff user, named in their session cookie. Ended when they sign out, or when their account is
/// disabled, given a new password or new roles: web refuses a cookie naming an ended session.
/// </summary>
public sealed class StaffSession
{
    public Guid Id { get; init; } = Guid.CreateVersion7();

    public required string UserId { get; init; }

    public DateTime StartedAtUtc { get; init; }

    public DateTime? EndedAtUtc { get; set; }

    public SessionEnd? EndReason { get; set; }
}
