using System.Globalization;
using Microsoft.Extensions.Configuration;

namespace Prison.ServiceDefaults;

/// <param name="QueuePrefix">Put before every queue and exchange name, so that several installations (or test runs) can share one broker.</param>
public sealed record RabbitMqSettings(string Host, int Port, string VirtualHost, string Username, string Password, string? QueuePrefix)
{
    /// <summary>Null when no host is configured: messages then stay in the process (embedded mode).</summary>
    public static RabbitMqSettings? From(IConfiguration configuration)
    {
        var section = configuration.GetSection("RabbitMq");
        if (string.IsNullOrWhiteSpace(section["Host"]))
        {
            return null;
        }

        var port = section["Port"] is { Length: > 0 } text
            ? int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var parsed) && parsed is > 0 and < 65536
                ? parsed
                : throw new StartupException($"RabbitMq:Port is '{text}'; it must be a port number (1-65535).")
            : 5672;
        return new RabbitMqSettings(section["Host"]!, port, section["VirtualHost"] ?? "/", section["Username"] ?? "guest", section["Password"] ?? "guest", section["QueuePrefix"]);
    }

    public override string ToString() => $"amqp://{Username}@{Host}:{Port}{(VirtualHost == "/" ? "/" : "/" + VirtualHost)}";
}
