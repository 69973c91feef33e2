namespace Prison.Testing;

/// <summary>The command-line configuration that points web or worker at the test servers, as an operator's would.</summary>
public static class ServerArguments
{
    public static string[] For(ScratchDatabase database, string queuePrefix, params string[] more) =>
        For(database, TestServers.RabbitMq, queuePrefix, more);

    /// <param name="rabbit">An amqp:// URI: the shared broker, or a private node of a test that stops its broker.</param>
    public static string[] For(ScratchDatabase database, Uri rabbit, string queuePrefix, params string[] more) =>
        For(database.ConnectionString, rabbit, queuePrefix, more);

    /// <param name="connectionString">A database that is not a scratch one: the benchmarks' kept databases.</param>
    public static string[] For(string connectionString, Uri rabbit, string queuePrefix, params string[] more)
    {
        var credentials = rabbit.UserInfo.Split(':');
        return
        [
            "--urls=http://127.0.0.1:0",
            $"--ConnectionStrings:Prison={connectionString}",
            $"--RabbitMq:Host={rabbit.Host}",
            $"--RabbitMq:Port={rabbit.Port}",
            $"--RabbitMq:Username={Uri.UnescapeDataString(credentials[0])}",
            $"--RabbitMq:Password={Uri.UnescapeDataString(credentials[1])}",
            $"--RabbitMq:QueuePrefix={queuePrefix}",
            .. more,
        ];
    }

    /// <summary>A queue prefix of its own for each test, so tests sharing the broker never take each other's messages.</summary>
    public static string NewQueuePrefix() => $"t{Guid.NewGuid():N}"[..13] + "-";
}
