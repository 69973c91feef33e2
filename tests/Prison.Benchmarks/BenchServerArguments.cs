using Prison.Benchmarks.Data;
using Prison.Testing;

namespace Prison.Benchmarks;

/// <summary>The command-line configuration that points web or a worker at a benchmark database and the test broker.</summary>
public static class BenchServerArguments
{
    public static string[] For(BenchDatabase database, string queuePrefix, params string[] more)
    {
        var rabbit = TestServers.RabbitMq;
        var credentials = rabbit.UserInfo.Split(':');
        return
        [
            "--urls=http://127.0.0.1:0",
            $"--ConnectionStrings:Prison={database.ConnectionString}",
            $"--RabbitMq:Host={rabbit.Host}",
            $"--RabbitMq:Port={rabbit.Port}",
            $"--RabbitMq:Username={Uri.UnescapeDataString(credentials[0])}",
            $"--RabbitMq:Password={Uri.UnescapeDataString(credentials[1])}",
            $"--RabbitMq:QueuePrefix={queuePrefix}",
            "--Logging:LogLevel:Default=Warning",
            .. more,
        ];
    }
}
