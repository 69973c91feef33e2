namespace Prison.Db.Identity;

/// <summary>A prison a user works in (a user with <see cref="StaffUser.AllPrisons"/> needs none).</summary>
public sealed class StaffUserPrison
{
    public required string UserId { get; init; }

    public required int PrisonId { get; init; }
}
