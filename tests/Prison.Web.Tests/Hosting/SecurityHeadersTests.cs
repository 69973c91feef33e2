using System.Net;
using Prison.Db.Identity;
using Prison.Web.App;
using Prison.Web.Network;
using Prison.Web.Tests.SignIn;

namespace Prison.Web.Tests.Hosting;

/// <summary>Every answer carries the security headers: pages, errors, static files, health, redirects.</summary>
public sealed class SecurityHeadersTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    [Theory]
    [InlineData("/sign-in", false)]
    [InlineData("/", true)]
    [InlineData("/prisons/P1", true)]
    [InlineData("/no-such-page", true)]
    [InlineData("/css/site.css", false)]
    [InlineData("/health/live", false)]
    [InlineData("/admin/users", true)]
    [InlineData("/two-factor", true)]
    [InlineData("/sign-in/two-factor", false)]
    public async Task An_answer_carries_the_content_security_policy_and_the_other_security_headers(string path, bool signedIn)
    {
        using var client = signedIn ? await system.Web.SignedInClientAsync(Roles.Staff) : system.Web.CreateClient();

        using var answer = await client.GetAsync(path);

        Assert.Equal(SecurityHeaders.ContentSecurityPolicy, Header(answer, "Content-Security-Policy"));
        Assert.Equal("nosniff", Header(answer, "X-Content-Type-Options"));
        Assert.Equal("DENY", Header(answer, "X-Frame-Options"));
        Assert.Equal("no-referrer", Header(answer, "Referrer-Policy"));
        Assert.Equal(SecurityHeaders.PermissionsPolicy, Header(answer, "Permissions-Policy"));
        Assert.Contains("frame-ancestors 'none'", Header(answer, "Content-Security-Policy"));
        Assert.DoesNotContain("unsafe-inline", Header(answer, "Content-Security-Policy"));
    }

    [Theory]
    [InlineData("/", Roles.Staff)]
    [InlineData("/prisons/P1", Roles.Staff)]
    [InlineData("/search?q=A1", Roles.Staff)]
    [InlineData("/no-such-page", Roles.Staff)]
    [InlineData("/admin/users", Roles.Admin)]
    [InlineData("/operations", Roles.Operator)]
    [InlineData("/password", Roles.Staff)]
    public async Task An_answer_to_a_signed_in_user_tells_browsers_and_proxies_to_keep_no_copy(string path, string role)
    {
        using var client = await system.Web.SignedInClientAsync(role);

        using var answer = await client.GetAsync(path);

        Assert.Equal(SecurityHeaders.NoStore, Header(answer, "Cache-Control"));
    }

    [Fact]
    public async Task Hangfires_dashboard_alone_may_run_inline_scripts_and_is_still_never_framed()
    {
        using var client = await system.Web.SignedInClientAsync(Roles.Operator);

        using var answer = await client.GetAsync(JobsDashboard.Path);

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        Assert.Equal(SecurityHeaders.JobsDashboardPolicy, Header(answer, "Content-Security-Policy"));
        Assert.Equal("DENY", Header(answer, "X-Frame-Options"));
    }

    [Fact]
    public async Task Production_mode_sends_no_strict_transport_security_over_plain_http_as_browsers_ignore_it_there()
    {
        using var client = system.Web.CreateClient();

        using var answer = await client.GetAsync("/sign-in");

        Assert.False(answer.Headers.Contains("Strict-Transport-Security"));
    }

    private static string Header(HttpResponseMessage answer, string name) =>
        answer.Headers.TryGetValues(name, out var values) || answer.Content.Headers.TryGetValues(name, out values)
            ? string.Join(",", values)
            : throw new Xunit.Sdk.XunitException($"{answer.RequestMessage?.RequestUri?.AbsolutePath} answered {(int)answer.StatusCode} without {name}.");
}
