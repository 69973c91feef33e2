using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Security.Cryptography.X509Certificates;
using Prison.Testing;

namespace Prison.Web.Tests.Hosting;

/// <summary>
/// The TLS proxy docker-compose.yml ships (deploy/proxy/nginx.conf, with the certificate its script makes) in front of
/// a real web that trusts it as compose configures, loopback standing for the compose network: HTTPS reaches web, which
/// then sees the client's scheme (secure cookies, HSTS); plain HTTP only redirects to HTTPS.
/// </summary>
public sealed class TlsProxyTests
{
    private const string ServedName = "dashboard.prison.example";

    [Fact]
    public async Task Through_the_shipped_proxy_web_answers_over_https_with_secure_cookies_and_plain_http_only_redirects()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), more: ["--ForwardedHeaders:KnownProxies=127.0.0.1"]);
        var folder = Directory.CreateTempSubdirectory("prison-proxy-");
        try
        {
            var certificate = await MakeCertificateAsync(folder.FullName);
            var (httpPort, httpsPort) = (FreePort(), FreePort());
            var proxy = await StartProxyAsync(folder.FullName, httpPort, httpsPort, web.Address);
            try
            {
                using var client = new HttpClient(new HttpClientHandler
                {
                    AllowAutoRedirect = false,
                    // The certificate the script made, and no other: the test pins it rather than trusting any.
                    ServerCertificateCustomValidationCallback = (_, presented, _, _) => presented?.Thumbprint == certificate.Thumbprint,
                });

                using var overHttps = await client.SendAsync(Request($"https://127.0.0.1:{httpsPort}/sign-in"));
                using var direct = await client.SendAsync(Request($"{web.Address.ToString().TrimEnd('/')}/sign-in"));
                using var overHttp = await client.SendAsync(Request($"http://127.0.0.1:{httpPort}/sign-in"));

                Assert.Equal(HttpStatusCode.OK, overHttps.StatusCode);
                Assert.All(overHttps.Headers.GetValues("Set-Cookie"), cookie => Assert.Contains("secure", cookie, StringComparison.OrdinalIgnoreCase));
                Assert.True(overHttps.Headers.Contains("Strict-Transport-Security"));
                Assert.Equal(HttpStatusCode.OK, direct.StatusCode);
                Assert.All(direct.Headers.GetValues("Set-Cookie"), cookie => Assert.DoesNotContain("secure", cookie, StringComparison.OrdinalIgnoreCase));
                Assert.Equal(HttpStatusCode.MovedPermanently, overHttp.StatusCode);
                Assert.Equal($"https://{ServedName}/sign-in", overHttp.Headers.Location?.ToString());
            }
            finally
            {
                proxy.Kill(entireProcessTree: true);
                proxy.Dispose();
            }
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }

    private static HttpRequestMessage Request(string address)
    {
        var request = new HttpRequestMessage(HttpMethod.Get, address);
        // The name the proxy serves: HSTS is never sent to loopback names, which browsers ignore it for.
        request.Headers.Host = ServedName;
        return request;
    }

    /// <summary>The proxy's certificate made as the runbook makes it, by deploy/proxy/self-signed-certificate.sh.</summary>
    private static async Task<X509Certificate2> MakeCertificateAsync(string folder)
    {
        var script = Path.Combine(Repository.Root(), "deploy", "proxy", "self-signed-certificate.sh");
        using var run = Process.Start(new ProcessStartInfo("sh", [script, ServedName, Path.Combine(folder, "certs")]) { RedirectStandardOutput = true, RedirectStandardError = true })!;
        await run.WaitForExitAsync();
        Assert.True(run.ExitCode == 0, await run.StandardError.ReadToEndAsync());
        return X509CertificateLoader.LoadCertificateFromFile(Path.Combine(folder, "certs", "server.crt"));
    }

    /// <summary>
    /// nginx with the shipped server blocks, only their addresses moved to loopback: its ports, the certificates' folder
    /// and web's address. A shipped file whose shape changed fails here rather than being run half-replaced.
    /// </summary>
    private static async Task<Process> StartProxyAsync(string folder, int httpPort, int httpsPort, Uri web)
    {
        var shipped = await File.ReadAllTextAsync(Path.Combine(Repository.Root(), "deploy", "proxy", "nginx.conf"));
        var site = shipped;
        foreach (var (from, to) in new[]
                 {
                     ("listen 80;", $"listen 127.0.0.1:{httpPort};"),
                     ("listen 443 ssl;", $"listen 127.0.0.1:{httpsPort} ssl;"),
                     ("/etc/nginx/certs/", $"{folder}/certs/"),
                     ("http://web:8080", web.ToString().TrimEnd('/')),
                 })
        {
            Assert.Contains(from, site);
            site = site.Replace(from, to, StringComparison.Ordinal);
        }

        await File.WriteAllTextAsync(Path.Combine(folder, "site.conf"), site);
        await File.WriteAllTextAsync(Path.Combine(folder, "nginx.conf"), $$"""
            {{(Environment.UserName == "root" ? "user root;" : "")}}
            worker_processes 1;
            pid {{folder}}/nginx.pid;
            error_log {{folder}}/error.log;
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path {{folder}}/client_body;
                proxy_temp_path {{folder}}/proxy;
                include {{folder}}/site.conf;
            }
            """);
        var proxy = Process.Start(new ProcessStartInfo(TestServers.Nginx, ["-p", folder, "-e", Path.Combine(folder, "error.log"), "-c", Path.Combine(folder, "nginx.conf"), "-g", "daemon off;"])
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        })!;
        for (var waited = 0; waited < 100; waited++)
        {
            if (proxy.HasExited)
            {
                throw new InvalidOperationException($"nginx stopped at once: {await File.ReadAllTextAsync(Path.Combine(folder, "error.log"))}");
            }

            try
            {
                using var probe = new TcpClient();
                await probe.ConnectAsync(IPAddress.Loopback, httpsPort);
                return proxy;
            }
            catch (SocketException)
            {
                await Task.Delay(100);
            }
        }

        proxy.Kill();
        throw new InvalidOperationException("nginx did not listen within 10 seconds.");
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
