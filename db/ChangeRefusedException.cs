namespace Prison.Db;

/// <summary>
/// A change refused for what the data says, or for who asks: a user name taken, a prison unknown, a rule changed by an
/// admin of some prisons only. Nothing was changed, and the message says why; every page shows it as it shows what
/// its form refused.
/// </summary>
/// <param name="input">
/// The argument refused, as the refusing call names it ("name", "roles", "prisons", "password", "reason"), so that a
/// form shows the message next to the field it gave for it; null for the change as a whole.
/// </param>
/// <param name="tried">
/// For an act the one acting may not do (<see cref="Identity.ActorReach"/>, or on their own account): what the audit
/// log records they tried. Null for a mistake in what was asked.
/// </param>
/// <param name="forbidden">
/// For an act only headquarters may do (an admin's password reset): a page answers it 403, as any act of another role.
/// </param>
public sealed class ChangeRefusedException(string message, string? input = null, string? tried = null, bool forbidden = false) : Exception(message)
{
    public bool Forbidden { get; } = forbidden;

    public string? Input { get; } = input;

    public string? Tried { get; } = tried;
}
