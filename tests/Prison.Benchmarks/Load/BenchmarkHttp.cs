namespace Prison.Benchmarks.Load;

/// <summary>
/// The ONE place the benchmarks create HTTP clients for the web app, so that signing in (once pages require it)
/// is a change here only.
/// </summary>
public static class BenchmarkHttp
{
    public static HttpClient CreateClient(Uri address, int connections) =>
        new(new SocketsHttpHandler { MaxConnectionsPerServer = connections, PooledConnectionLifetime = Timeout.InfiniteTimeSpan })
        {
            BaseAddress = address,
        };
}
