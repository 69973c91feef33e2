using System.Text;
using Npgsql;
using Prison.Testing;
using RabbitMQ.Client;

namespace Prison.Benchmarks.Reporting;

/// <summary>What the figures were measured on: cores, memory, the servers' versions.</summary>
public static class Machine
{
    public static async Task<string> DescribeAsync(CancellationToken cancellationToken)
    {
        var cpu = File.Exists("/proc/cpuinfo")
            ? File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':', 2)[1].Trim()
            : null;
        var memory = File.Exists("/proc/meminfo")
            ? $"{long.Parse(File.ReadLines("/proc/meminfo").First().Split(' ', StringSplitOptions.RemoveEmptyEntries)[1], System.Globalization.CultureInfo.InvariantCulture) / 1024.0 / 1024.0:0.0} GiB"
            : "unknown";
        return $"{Environment.ProcessorCount} cores ({cpu ?? "unknown CPU"}), {memory} memory, PostgreSQL {await PostgreSqlVersionAsync(cancellationToken)}, " +
               $"RabbitMQ {await RabbitMqVersionAsync(cancellationToken)}, .NET {Environment.Version}{LoadAverage()}";
    }

    /// <summary>
    /// The machine's load when the section is written: figures measured while other work shares the cores (load
    /// average well above the core count) are slower than a quiet machine's and say so.
    /// </summary>
    private static string LoadAverage() =>
        File.Exists("/proc/loadavg")
            ? $"; load average {string.Join(" / ", File.ReadAllText("/proc/loadavg").Split(' ').Take(3))} (1 / 5 / 15 min) when written"
            : "";

    private static async Task<string> PostgreSqlVersionAsync(CancellationToken cancellationToken)
    {
        await using var connection = new NpgsqlConnection(TestServers.PostgreSql);
        await connection.OpenAsync(cancellationToken);
        await using var command = new NpgsqlCommand("SELECT current_setting('server_version') || CASE current_setting('fsync') WHEN 'off' THEN ' with fsync off (the test server: commits do not wait for the disk)' ELSE '' END", connection);
        return (string)(await command.ExecuteScalarAsync(cancellationToken))!;
    }

    private static async Task<string> RabbitMqVersionAsync(CancellationToken cancellationToken)
    {
        var factory = new ConnectionFactory { Uri = TestServers.RabbitMq };
        await using var connection = await factory.CreateConnectionAsync(cancellationToken);
        return connection.ServerProperties?.TryGetValue("version", out var version) == true && version is byte[] bytes
            ? Encoding.UTF8.GetString(bytes)
            : "unknown";
    }
}
