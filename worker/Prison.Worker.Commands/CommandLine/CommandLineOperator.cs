using Prison.Db.Audit;

namespace Prison.Worker.CommandLine;

/// <summary>
/// Who acts through the <c>users</c> verbs, for the audit log: the admin of all prisons named by <c>--by</c>, from the
/// machine and the operating-system account that ran the command; before <c>--by</c> is checked (and when there is no
/// such admin yet, for the first one) the command line and that account.
/// </summary>
internal sealed class CommandLineOperator : IAuditActor
{
    private readonly string machine = AuditActor.CommandLine.Address!;

    public string? Name { get; private set; } = AuditActor.CommandLine.Name;

    public string? Address { get; private set; } = AuditActor.CommandLine.Address;

    /// <summary>From now on the entries name <paramref name="admin"/>, as their account spells it, and the account that ran the command beside the machine.</summary>
    public void ActsFor(string admin)
    {
        Name = admin;
        Address = $"{machine} ({Environment.UserName})";
    }
}
