using System.Diagnostics.Tracing;
using System.Globalization;
using System.Net;
using System.Net.Sockets;

/// <summary>
/// Hears the runtime's own networking events (System.Net.NameResolution, System.Net.Sockets, System.Net.Http), so every
/// library's attempt shows, whatever client it uses, and writes one line per attempt as it starts, before any answer:
/// a lookup or connect that never ends is recorded all the same. A line is the kind of attempt, a tab and its target:
/// <c>DNS lookup</c> and the host, <c>socket connect</c> and address:port, <c>HTTP request</c> and the URL.
/// </summary>
internal sealed class OutboundAttemptListener : EventListener
{
    private static readonly object Gate = new();

    // Static: the base constructor announces the event sources that exist already, before this instance's own fields are set.
    private static string? file;

    public static void RecordTo(string path) => file = path;

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name is "System.Net.NameResolution" or "System.Net.Sockets" or "System.Net.Http")
        {
            EnableEvents(eventSource, EventLevel.Informational);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        var payload = eventData.Payload;
        var line = (eventData.EventSource.Name, eventData.EventName) switch
        {
            ("System.Net.NameResolution", "ResolutionStart") => $"DNS lookup\t{payload?[0]}",
            ("System.Net.Sockets", "ConnectStart") => $"socket connect\t{EndpointOrAsItCame(payload?[0] as string)}",
            ("System.Net.Http", "RequestStart") => $"HTTP request\t{payload?[0]}://{payload?[1]}:{payload?[2]}{payload?[3]}",
            _ => null,
        };
        if (line is not null && file is not null)
        {
            lock (Gate)
            {
                File.AppendAllText(file, line + Environment.NewLine);
            }
        }
    }

    /// <summary>
    /// "address:port" from the socket address the event carries, written as <c>InterNetworkV6:28:{0,80,...}</c> (the
    /// family, the size and the bytes after the family's); the text as it came when it is not that.
    /// </summary>
    private static string? EndpointOrAsItCame(string? socketAddress)
    {
        try
        {
            return Endpoint(socketAddress);
        }
        catch (Exception error) when (error is ArgumentException or FormatException or OverflowException or IndexOutOfRangeException)
        {
            // An attempt whose address reads otherwise than expected is recorded all the same.
            return socketAddress;
        }
    }

    private static string? Endpoint(string? socketAddress)
    {
        var parts = socketAddress?.Split(':', 3);
        if (parts is not { Length: 3 } || !Enum.TryParse<AddressFamily>(parts[0], out var family) || family is not (AddressFamily.InterNetwork or AddressFamily.InterNetworkV6))
        {
            return socketAddress;
        }

        var bytes = parts[2].Trim('{', '}').Split(',').Select(b => byte.Parse(b, CultureInfo.InvariantCulture)).ToArray();
        // The text leaves out the first two bytes, the family, which the constructor writes.
        var address = new SocketAddress(family, bytes.Length + 2);
        for (var i = 0; i < bytes.Length; i++)
        {
            address[i + 2] = bytes[i];
        }

        var endpoint = (IPEndPoint)new IPEndPoint(family == AddressFamily.InterNetwork ? IPAddress.Any : IPAddress.IPv6Any, 0).Create(address);
        var ip = endpoint.Address.IsIPv4MappedToIPv6 ? endpoint.Address.MapToIPv4() : endpoint.Address;
        return new IPEndPoint(ip, endpoint.Port).ToString();
    }
}
