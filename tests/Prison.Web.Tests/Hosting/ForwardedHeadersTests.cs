using System.Net;
using Prison.Db.Identity;

namespace Prison.Web.Tests.Hosting;

/// <summary>
/// Behind the TLS proxy the client's address and scheme come in X-Forwarded-For and X-Forwarded-Proto: believed from a
/// configured proxy (the tests' clients come from 127.0.0.1), ignored from any other, and by default from everyone.
/// </summary>
public sealed class ForwardedHeadersTests
{
    private const string TrustLoopback = "--ForwardedHeaders:KnownProxies=127.0.0.1";

    /// <summary>A proxy the tests' clients are not: loopback is then an unconfigured proxy.</summary>
    private const string TrustAnotherProxy = "--ForwardedHeaders:KnownNetworks=192.0.2.0/24";

    [Fact]
    public async Task Clients_forwarded_by_a_configured_proxy_have_a_sign_in_limit_each_and_the_audit_records_their_own_address()
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), more: ["--SignIn:AttemptsPerMinute=2", TrustLoopback]);
        var name = await web.CreateUserAsync(Roles.Staff);
        using var first = ForwardedFor(web, "203.0.113.7");
        using var second = ForwardedFor(web, "203.0.113.8");

        var firstAnswers = new List<HttpStatusCode>();
        for (var attempt = 0; attempt < 3; attempt++)
        {
            using var answer = await first.SignInAsync(name, "Wrong-Passw0rd!");
            firstAnswers.Add(answer.StatusCode);
        }

        using var signedIn = await second.SignInAsync(name, SigningIn.Password);

        Assert.Equal([HttpStatusCode.OK, HttpStatusCode.OK, HttpStatusCode.TooManyRequests], firstAnswers);
        Assert.Equal(HttpStatusCode.Redirect, signedIn.StatusCode);
        var addresses = await database.RowsAsync($"SELECT action, remote_address FROM audit_entry WHERE user_name = '{name}' ORDER BY at, id");
        Assert.Equal(
            [["SignInFailed", "203.0.113.7"], ["SignInFailed", "203.0.113.7"], ["SignedIn", "203.0.113.8"]],
            addresses.Select(row => row.ToArray()).ToArray());
    }

    [Theory]
    [InlineData(TrustAnotherProxy)]
    [InlineData(null)]
    public async Task X_Forwarded_For_from_a_proxy_not_configured_is_ignored_by_the_sign_in_limit_and_the_audit(string? trusted)
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), more: ["--SignIn:AttemptsPerMinute=2", .. trusted is null ? Array.Empty<string>() : [trusted]]);
        var name = await web.CreateUserAsync(Roles.Staff);
        using var first = ForwardedFor(web, "203.0.113.7");
        using var second = ForwardedFor(web, "203.0.113.8");

        using (var wrong = await first.SignInAsync(name, "Wrong-Passw0rd!"))
        using (var right = await first.SignInAsync(name, SigningIn.Password))
        {
            Assert.Equal(HttpStatusCode.OK, wrong.StatusCode);
            Assert.Equal(HttpStatusCode.Redirect, right.StatusCode);
        }

        using var refused = await second.SignInAsync(name, SigningIn.Password);

        Assert.Equal(HttpStatusCode.TooManyRequests, refused.StatusCode);
        Assert.Equal(
            ["127.0.0.1"],
            (await database.RowsAsync($"SELECT DISTINCT remote_address FROM audit_entry WHERE user_name = '{name}'")).Select(row => row[0]));
    }

    [Theory]
    [InlineData(TrustLoopback, true)]
    [InlineData(TrustAnotherProxy, false)]
    [InlineData(null, false)]
    public async Task Strict_transport_security_is_sent_when_a_configured_proxy_says_the_client_came_over_https(string? trusted, bool sent)
    {
        await using var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
        await using var web = await RunningWeb.StartAsync(database, ServerArguments.NewQueuePrefix(), more: trusted is null ? [] : [trusted]);
        using var client = web.CreateClient();
        using var request = new HttpRequestMessage(HttpMethod.Get, "/sign-in");
        // The name the proxy serves: HSTS is never sent to loopback names, which browsers ignore it for.
        request.Headers.Host = "dashboard.prison.example";
        request.Headers.Add("X-Forwarded-Proto", "https");
        request.Headers.Add("X-Forwarded-For", "203.0.113.7");

        using var answer = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Equal(sent, answer.Headers.Contains("Strict-Transport-Security"));
    }

    private static HttpClient ForwardedFor(RunningWeb web, string address)
    {
        var client = web.CreateClient();
        client.DefaultRequestHeaders.Add("X-Forwarded-For", address);
        return client;
    }
}
