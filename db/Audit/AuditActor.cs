namespace Prison.Db.Audit;

/// <summary>An actor known by a fixed name: a process or a command-line verb.</summary>
public sealed class AuditActor(string name) : IAuditActor
{
    /// <summary>Recorded when no one is known to be acting: before sign-in exists, or a context opened without an actor.</summary>
    public const string Anonymous = "anonymous";

    public static readonly AuditActor Worker = new("worker");

    public static readonly AuditActor Import = new("import");

    public string? Name { get; } = name;
}
