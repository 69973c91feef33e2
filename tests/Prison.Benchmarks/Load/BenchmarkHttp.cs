using System.Net;
using Prison.Db.Identity;
using Prison.Testing;

namespace Prison.Benchmarks.Load;

/// <summary>The ONE place the benchmarks sign in to the web app: as a new Staff user, as staff use the dashboard.</summary>
public static class BenchmarkHttp
{
    /// <summary>The Cookie header of a signed-in Staff session, for a load generator outside this process.</summary>
    public static async Task<string> SignedInCookieHeaderAsync(IServiceProvider web, Uri address)
    {
        var cookies = new CookieContainer();
        using var client = await SignedInClientAsync(web, address, cookies);
        return cookies.GetCookieHeader(address);
    }

    private static Task<HttpClient> SignedInClientAsync(IServiceProvider web, Uri address, CookieContainer cookies) =>
        SigningIn.SignedInClientAsync(
            web,
            () => new HttpClient(new SocketsHttpHandler
            {
                UseCookies = true,
                CookieContainer = cookies,
                AllowAutoRedirect = false,
            })
            {
                BaseAddress = address,
            },
            Roles.Staff);
}
