using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Configuration.Memory;

namespace Prison.ServiceDefaults;

/// <summary>
/// Log levels web and worker start from, placed under every other configuration source so that appsettings or
/// environment variables (Logging__LogLevel__...) still decide. Kept in code, so that both hosts start from the same
/// levels without a settings file of this library's landing in their output.
/// </summary>
public static class LoggingDefaults
{
    private static readonly Dictionary<string, string?> Levels = new()
    {
        ["Logging:LogLevel:Default"] = "Information",
        ["Logging:LogLevel:Microsoft.AspNetCore"] = "Warning",
        ["Logging:LogLevel:Microsoft.EntityFrameworkCore"] = "Warning",
        ["Logging:LogLevel:MassTransit"] = "Warning",
        // Hangfire logs each retry of a failed job as a warning and a job failed for good as an error.
        ["Logging:LogLevel:Hangfire"] = "Warning",
    };

    public static void AddLoggingDefaults(this IConfigurationManager configuration) =>
        configuration.Sources.Insert(0, new MemoryConfigurationSource { InitialData = Levels });
}
