using System.Net;
using Prison.Db.Identity;
using Prison.Testing;

namespace Prison.Benchmarks.Load;

/// <summary>The ONE place the benchmarks create HTTP clients for the web app: signed in as a new Staff user, as staff use the dashboard.</summary>
public static class BenchmarkHttp
{
    public static Task<HttpClient> SignedInClientAsync(IServiceProvider web, Uri address, int connections) =>
        SigningIn.SignedInClientAsync(
            web,
            () => new HttpClient(new SocketsHttpHandler
            {
                MaxConnectionsPerServer = connections,
                PooledConnectionLifetime = Timeout.InfiniteTimeSpan,
                UseCookies = true,
                CookieContainer = new CookieContainer(),
                AllowAutoRedirect = false,
            })
            {
                BaseAddress = address,
            },
            Roles.Staff);
}
