namespace Prison.Runtime.Jobs;

/// <summary>
/// The name this host's Hangfire server announces itself by (Hangfire adds the process id and a unique id): the host
/// name, to say which machine ran a job, and a few characters of its own, since tests host several in one process.
/// </summary>
public sealed record JobServerName(string Value)
{
    public static JobServerName ForThisHost() => new($"{Environment.MachineName}-{Guid.NewGuid().ToString("N")[..8]}");

    /// <summary>Whether a server id in Hangfire's storage is this host's server.</summary>
    public bool Names(string serverId) => serverId.StartsWith($"{Value}:", StringComparison.OrdinalIgnoreCase);
}
