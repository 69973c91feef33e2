namespace Prison.Db.Audit;

/// <summary>Who is acting, for the audit log: the signed-in person in web, the verb or process in the worker.</summary>
public interface IAuditActor
{
    /// <summary>Null when nobody is known (nobody signed in): <see cref="PrisonDb"/> then records <see cref="AuditActor.Anonymous"/>.</summary>
    string? Name { get; }
}
