namespace Prison.Db.Audit;

/// <summary>An actor known by a fixed name: a process or a command-line verb, acting from the machine it runs on unless told otherwise.</summary>
public sealed class AuditActor(string name, string? address = null) : IAuditActor
{
    /// <summary>Recorded when no one is known to be acting: before sign-in exists, or a context opened without an actor.</summary>
    public const string Anonymous = "anonymous";

    public static readonly AuditActor Worker = new("worker");

    public static readonly AuditActor Import = new("import");

    /// <summary>
    /// A command typed by someone at a terminal (the worker's <c>users</c> verbs): the operating-system account that ran
    /// it, as the re-evaluation runs it starts name it. Whoever can run the command can reach the database anyway.
    /// </summary>
    public static AuditActor CommandLine => new($"command line ({Environment.UserName})", $"command line on {Environment.MachineName}");

    public string? Name { get; } = name;

    /// <summary>A process has no client: the machine it runs on says where its acts came from.</summary>
    public string? Address { get; } = address ?? Environment.MachineName;
}
