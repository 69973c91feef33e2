namespace Prison.Benchmarks;

/// <summary>Something the benchmarks need is not there: printed as one sentence saying what to do, without a stack trace.</summary>
public sealed class BenchmarkSetupException(string message) : Exception(message)
{
    /// <summary>Every benchmark talks to the test PostgreSQL and RabbitMQ.</summary>
    public static void ThrowIfServersMissing()
    {
        foreach (var variable in new[] { "PRISON_TEST_POSTGRES", "PRISON_TEST_RABBITMQ" })
        {
            if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable(variable)))
            {
                throw new BenchmarkSetupException(
                    $"{variable} is not set: run scripts/test-servers.sh start, then eval \"$(scripts/test-servers.sh env)\" in this shell.");
            }
        }
    }
}
