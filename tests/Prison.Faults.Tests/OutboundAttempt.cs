using System.Globalization;
using System.Net;

namespace Prison.Faults.Tests;

/// <summary>
/// One line the outbound recorder (tests/Prison.OutboundRecorder) wrote: a DNS lookup, a socket connect or an HTTP
/// request that a process started, and what it was for.
/// </summary>
/// <param name="Process">The record's file: which process made the attempt.</param>
/// <param name="Kind">"DNS lookup", "socket connect" or "HTTP request".</param>
/// <param name="Target">The name looked up, the address and port connected to, or the URL requested.</param>
public sealed record OutboundAttempt(string Process, string Kind, string Target)
{
    public static OutboundAttempt Parse(string process, string line) =>
        line.Split('\t', 2) is [var kind, var target] ? new(process, kind, target) : new(process, line, string.Empty);

    /// <summary>
    /// Whether this attempt is for one of <paramref name="allowed"/>: a lookup of its host, or a connect to its host and
    /// port.
    /// </summary>
    public bool Reaches(IEnumerable<(string Host, int Port)> allowed) => Kind switch
    {
        "DNS lookup" => allowed.Any(a => SameHost(a.Host, Target)),
        "socket connect" => IPEndPoint.TryParse(Target, out var endpoint)
            && allowed.Any(a => a.Port == endpoint.Port && SameHost(a.Host, endpoint.Address.ToString())),
        _ => false,
    };

    public override string ToString() => $"{Process}: {Kind} {Target}";

    /// <summary>The same host, or both this machine's loopback ("localhost", 127.0.0.1 or ::1).</summary>
    private static bool SameHost(string configured, string seen) =>
        string.Equals(configured, seen, StringComparison.OrdinalIgnoreCase) || (IsLoopback(configured) && IsLoopback(seen));

    private static bool IsLoopback(string host) =>
        host.Equals("localhost", StringComparison.OrdinalIgnoreCase)
        || (IPAddress.TryParse(host.Trim('[', ']'), out var address) && IPAddress.IsLoopback(address));
}
