using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Security.Cryptography.X509Certificates;
using System.Text.RegularExpressions;
using System.Xml.Linq;
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
    public async Task Through_the_shipped_proxy_web_answers_over_https_with_host_only_secure_cookies_and_a_year_of_HSTS()
    {
        await using var proxied = await ProxiedWeb.StartAsync();
        using var client = proxied.HttpsClient();
        var name = await proxied.Web.CreateUserAsync(Db.Identity.Roles.Staff);

        using var form = await client.SendAsync(Request(new Uri(client.BaseAddress!, "/sign-in")));
        using var signedIn = await client.SignInAsync(name, SigningIn.Password);

        Assert.Equal(HttpStatusCode.OK, form.StatusCode);
        Assert.Equal(HttpStatusCode.Redirect, signedIn.StatusCode);
        var cookies = form.Headers.GetValues("Set-Cookie").Concat(signedIn.Headers.GetValues("Set-Cookie")).ToList();
        Assert.Contains(cookies, cookie => cookie.StartsWith("__Host-prison.session=", StringComparison.Ordinal));
        Assert.Contains(cookies, cookie => cookie.StartsWith("__Host-prison.antiforgery=", StringComparison.Ordinal));
        Assert.All(cookies, cookie =>
        {
            // What browsers require of a __Host- cookie, or they drop it.
            Assert.StartsWith("__Host-", cookie, StringComparison.Ordinal);
            Assert.Contains("; secure", cookie, StringComparison.OrdinalIgnoreCase);
            Assert.Contains("; path=/;", cookie + ";", StringComparison.OrdinalIgnoreCase);
            Assert.DoesNotContain("domain=", cookie, StringComparison.OrdinalIgnoreCase);
        });
        var hsts = Assert.Single(form.Headers.GetValues("Strict-Transport-Security"));
        Assert.True(int.Parse(Regex.Match(hsts, @"max-age=(\d+)").Groups[1].Value, CultureInfo.InvariantCulture) >= 365 * 24 * 3600, hsts);
        Assert.Equal("nginx", Assert.Single(form.Headers.Server).Product?.Name);
        Assert.Null(Assert.Single(form.Headers.Server).Product?.Version);
    }

    [Fact]
    public async Task Plain_http_redirects_to_the_configured_name_whatever_host_the_client_sent()
    {
        await using var proxied = await ProxiedWeb.StartAsync();
        using var client = proxied.HttpsClient();

        using var request = new HttpRequestMessage(HttpMethod.Get, $"http://127.0.0.1:{proxied.HttpPort}/sign-in?next=%2Fprisons");
        request.Headers.Host = "phishing.example";
        using var overHttp = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.MovedPermanently, overHttp.StatusCode);
        Assert.Equal($"https://{ServedName}/sign-in?next=%2Fprisons", overHttp.Headers.Location?.ToString());
    }

    [Fact]
    public async Task The_access_log_keeps_no_query_string_nor_referer_so_no_search_term_or_prisoner_number()
    {
        await using var proxied = await ProxiedWeb.StartAsync();
        using var client = proxied.HttpsClient();
        await client.SignInAsync(await proxied.Web.CreateUserAsync(Db.Identity.Roles.Staff), SigningIn.Password);

        using var search = Request(new Uri(client.BaseAddress!, "/search?q=Needle-Prisoner-Name&number=NEEDLE42"));
        search.Headers.Referrer = new Uri($"https://{ServedName}/prisons/P1/arrivals?q=Needle-Referer");
        using var answer = await client.SendAsync(search);
        await proxied.StopAsync();

        var log = await File.ReadAllTextAsync(proxied.AccessLog);
        Assert.Contains("GET /search HTTP/1.1", log, StringComparison.Ordinal);
        Assert.DoesNotContain("Needle", log, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("?", log, StringComparison.Ordinal);
    }

    /// <summary>
    /// sslscan (Debian's, written by others) lists what the proxy accepts: TLS 1.2 and 1.3 only, and in 1.2 only
    /// forward-secret AEAD suites of Mozilla's intermediate profile (ECDHE with AES-GCM), never static RSA, CBC, SHA-1,
    /// CAMELLIA or ARIA; openssl's client finds no session ticket.
    /// </summary>
    [Fact]
    public async Task A_TLS_scanner_finds_only_the_intermediate_profiles_protocols_and_forward_secret_AEAD_suites_and_no_session_tickets()
    {
        await using var proxied = await ProxiedWeb.StartAsync();

        var scan = await RunAsync(TestServers.SslScan, "--xml=-", "--no-colour", "--no-heartbleed", $"--sni-name={ServedName}", $"127.0.0.1:{proxied.HttpsPort}");
        var report = XDocument.Parse(scan[scan.IndexOf("<?xml", StringComparison.Ordinal)..]);
        var protocols = report.Descendants("protocol").Where(p => (string?)p.Attribute("enabled") == "1")
            .Select(p => $"{(string?)p.Attribute("type")}{(string?)p.Attribute("version")}").Order(StringComparer.Ordinal);
        var suites = report.Descendants("cipher").Where(c => (string?)c.Attribute("status") is "accepted" or "preferred")
            .Select(c => $"{(string?)c.Attribute("sslversion")} {(string?)c.Attribute("cipher")}").ToHashSet();

        Assert.Equal(["tls1.2", "tls1.3"], protocols);
        Assert.Subset(
            new HashSet<string>
            {
                "TLSv1.2 ECDHE-RSA-AES128-GCM-SHA256", "TLSv1.2 ECDHE-RSA-AES256-GCM-SHA384",
                "TLSv1.3 TLS_AES_128_GCM_SHA256", "TLSv1.3 TLS_AES_256_GCM_SHA384",
            },
            suites);
        Assert.Contains("TLSv1.2 ECDHE-RSA-AES128-GCM-SHA256", suites);
        Assert.Contains("TLSv1.3 TLS_AES_256_GCM_SHA384", suites);

        var handshake = await RunAsync("openssl", "s_client", "-connect", $"127.0.0.1:{proxied.HttpsPort}", "-servername", ServedName, "-tls1_2", "-no_ign_eof");
        Assert.Contains("New, TLSv1.2, Cipher is ECDHE-RSA-AES", handshake, StringComparison.Ordinal);
        Assert.DoesNotContain("TLS session ticket:", handshake, StringComparison.Ordinal);
    }

    private static async Task<string> RunAsync(string program, params string[] arguments)
    {
        using var run = Process.Start(new ProcessStartInfo(program, arguments) { RedirectStandardOutput = true, RedirectStandardError = true, RedirectStandardInput = true })!;
        run.StandardInput.Close();
        var output = run.StandardOutput.ReadToEndAsync();
        var errors = run.StandardError.ReadToEndAsync();
        await run.WaitForExitAsync();
        return await output + await errors;
    }

    /// <summary>A web as production runs it (secure cookies, HSTS) behind the shipped proxy, which it trusts as compose configures it.</summary>
    private sealed class ProxiedWeb : IAsyncDisposable
    {
        private readonly ScratchDatabase _database;
        private readonly DirectoryInfo _folder;
        private readonly Process _proxy;

        private ProxiedWeb(ScratchDatabase database, RunningWeb web, DirectoryInfo folder, X509Certificate2 certificate, Process proxy, int httpPort, int httpsPort)
        {
            (_database, Web, _folder, Certificate, _proxy, HttpPort, HttpsPort) = (database, web, folder, certificate, proxy, httpPort, httpsPort);
        }

        public RunningWeb Web { get; }

        public X509Certificate2 Certificate { get; }

        public int HttpPort { get; }

        public int HttpsPort { get; }

        public string AccessLog => Path.Combine(_folder.FullName, "access.log");

        public static async Task<ProxiedWeb> StartAsync()
        {
            var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
            var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), more: ["--ForwardedHeaders:KnownProxies=127.0.0.1", "--SignIn:SecureCookies=true"]);
            var folder = Directory.CreateTempSubdirectory("prison-proxy-");
            var certificate = await MakeCertificateAsync(folder.FullName);
            var (httpPort, httpsPort) = TwoFreePorts();
            var proxy = await StartProxyAsync(folder.FullName, httpPort, httpsPort, web.Address);
            return new ProxiedWeb(database, web, folder, certificate, proxy, httpPort, httpsPort);
        }

        /// <summary>A client of the proxy's HTTPS port (cookies kept, redirects shown) that names the served host.</summary>
        public HttpClient HttpsClient()
        {
            var thumbprint = Certificate.Thumbprint;
            var client = new HttpClient(new HttpClientHandler
            {
                AllowAutoRedirect = false,
                // The certificate the script made, and no other: the test pins it rather than trusting any.
                ServerCertificateCustomValidationCallback = (_, presented, _, _) => presented?.Thumbprint == thumbprint,
            })
            {
                BaseAddress = new Uri($"https://127.0.0.1:{HttpsPort}/"),
            };
            client.DefaultRequestHeaders.Host = ServedName;
            return client;
        }

        /// <summary>nginx writes its log lines as it answers; stopped, it has written all of them.</summary>
        public async Task StopAsync()
        {
            if (!_proxy.HasExited)
            {
                _proxy.Kill(entireProcessTree: true);
                await _proxy.WaitForExitAsync();
            }
        }

        public async ValueTask DisposeAsync()
        {
            await StopAsync();
            _proxy.Dispose();
            _folder.Delete(recursive: true);
            await Web.DisposeAsync();
            await _database.DisposeAsync();
        }
    }

    private static HttpRequestMessage Request(Uri address)
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
                     ("${SERVER_NAME}", ServedName),
                     ("/var/log/nginx/access.log", $"{folder}/access.log"),
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

    /// <summary>
    /// Both held at once while they are picked: two picks one after the other can be given the same port, and nginx then
    /// merges the two server blocks into one that listens for TLS without a certificate.
    /// </summary>
    private static (int, int) TwoFreePorts()
    {
        using var first = new TcpListener(IPAddress.Loopback, 0);
        using var second = new TcpListener(IPAddress.Loopback, 0);
        first.Start();
        second.Start();
        return (((IPEndPoint)first.LocalEndpoint).Port, ((IPEndPoint)second.LocalEndpoint).Port);
    }
}
