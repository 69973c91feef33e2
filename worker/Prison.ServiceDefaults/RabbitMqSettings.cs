using System.Globalization;
using Microsoft.Extensions.Configuration;
using RabbitMQ.Client;

namespace Prison.ServiceDefaults;

/// <param name="QueuePrefix">Put before every queue and exchange name, so that several installations (or test runs) can share one broker.</param>
/// <param name="Tls">
/// RabbitMq:Tls: connect over TLS (AMQPS, port 5671 unless RabbitMq:Port says otherwise), the broker's certificate
/// checked against the machine's trusted authorities for the name in RabbitMq:Host.
/// </param>
public sealed record RabbitMqSettings(string Host, int Port, string VirtualHost, string Username, string Password, string? QueuePrefix, bool Tls = false)
{
    /// <summary>Null when no host is configured: messages then stay in the process (embedded mode).</summary>
    public static RabbitMqSettings? From(IConfiguration configuration)
    {
        var section = configuration.GetSection("RabbitMq");
        if (string.IsNullOrWhiteSpace(section["Host"]))
        {
            return null;
        }

        var tls = PrisonSettings.IsOn(configuration, "RabbitMq:Tls");
        var port = section["Port"] is { Length: > 0 } text
            ? int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var parsed) && parsed is > 0 and < 65536
                ? parsed
                : throw new StartupException($"RabbitMq:Port is '{text}'; it must be a port number (1-65535).")
            : tls ? 5671 : 5672;
        return new RabbitMqSettings(section["Host"]!, port, section["VirtualHost"] ?? "/", section["Username"] ?? "guest", section["Password"] ?? "guest", section["QueuePrefix"], tls);
    }

    /// <summary>What RabbitMQ's client is given for TLS: off, or on with the host's name checked.</summary>
    public SslOption Ssl => new(Host, enabled: Tls);

    public override string ToString() => $"{(Tls ? "amqps" : "amqp")}://{Username}@{Host}:{Port}{(VirtualHost == "/" ? "/" : "/" + VirtualHost)}";
}
