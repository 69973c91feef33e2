using Prison.Benchmarks.Data;
using Prison.Testing;

namespace Prison.Benchmarks;

/// <summary>
/// The command-line configuration that points web or a worker at a benchmark database and the test broker, logging
/// warnings only; the benchmarks' users sign in with the password alone.
/// </summary>
public static class BenchServerArguments
{
    public static string[] For(BenchDatabase database, string queuePrefix, params string[] more) =>
        ServerArguments.For(database.ConnectionString, TestServers.RabbitMq, queuePrefix, ["--Logging:LogLevel:Default=Warning", RunningWeb.PasswordAlone, .. more]);
}
