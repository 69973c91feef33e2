namespace Prison.Db.Audit;

/// <summary>Who is acting, for the audit log, and from where: the signed-in person and their client's address in web, the verb or process and its machine in the worker.</summary>
public interface IAuditActor
{
    /// <summary>Null when nobody is known (nobody signed in): <see cref="PrisonDb"/> then records <see cref="AuditActor.Anonymous"/>.</summary>
    string? Name { get; }

    /// <summary>
    /// Where the act came from, stamped on every entry that does not say it already: the client's address for a
    /// request, "command line on HOST" or the machine for a process. Null when it cannot be known.
    /// </summary>
    string? Address { get; }

    /// <summary>
    /// The prisons the actor works in, stamped on every entry about no prisoner that does not say its prisons: null for
    /// every prison (headquarters, a process), whose entries only headquarters read.
    /// </summary>
    IReadOnlyCollection<int>? PrisonIds => null;
}
