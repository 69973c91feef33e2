namespace Prison.Testing;

/// <summary>
/// Where the real servers are. ./test.sh starts them and sets these variables; a test that needs a server
/// that is not configured fails with this message rather than being skipped.
/// </summary>
public static class TestServers
{
    public static string PostgreSql => Required("PRISON_TEST_POSTGRES");

    /// <summary>An amqp:// URI.</summary>
    public static Uri RabbitMq => new(Required("PRISON_TEST_RABBITMQ"));

    public static string Chromium => Required("PRISON_TEST_CHROMIUM");

    /// <summary>Debian's prometheus binary; the test that needs it starts it with its own configuration.</summary>
    public static string Prometheus => Required("PRISON_TEST_PROMETHEUS");

    /// <summary>Debian's nginx binary; the test that needs it starts it with the shipped proxy configuration.</summary>
    public static string Nginx => Required("PRISON_TEST_NGINX");

    /// <summary>Debian's TLS scanner, which checks the shipped proxy's protocols and suites.</summary>
    public static string SslScan => Required("PRISON_TEST_SSLSCAN");

    private static string Required(string variable) =>
        Environment.GetEnvironmentVariable(variable) is { Length: > 0 } value
            ? value
            : throw new InvalidOperationException(
                $"{variable} is not set. Run ./test.sh, which installs and starts the test servers, or point {variable} at a server you own.");
}
