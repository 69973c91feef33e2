using System.Net;
using Microsoft.AspNetCore.Antiforgery;
using Microsoft.AspNetCore.Authentication.Cookies;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Prison.Db.Identity;

namespace Prison.Web.Tests.SignIn;

/// <summary>Who may open what: sign-in everywhere, Staff (or Admin) for prisoners, Admin for /admin, Operator for operations.</summary>
public sealed class AccessTests(SignInFixture system) : IClassFixture<SignInFixture>
{
    [Theory]
    [InlineData("/")]
    [InlineData("/prisons/P1")]
    [InlineData("/prisons/P1/since-last-shift")]
    [InlineData("/admin/users")]
    [InlineData("/operations")]
    public async Task A_page_sends_someone_not_signed_in_to_the_sign_in_form_and_back_afterwards(string path)
    {
        using var client = system.Web.CreateClient();

        using var response = await client.GetAsync(path);

        Assert.Equal(HttpStatusCode.Redirect, response.StatusCode);
        Assert.Equal($"/sign-in?ReturnUrl={Uri.EscapeDataString(path)}", response.Headers.Location?.PathAndQuery);
    }

    [Theory]
    [InlineData("/api/prisons/P1/dashboard")]
    [InlineData("/api/prisoners/00000000-0000-0000-0000-000000000001/verdict")]
    [InlineData("/api/runs/00000000-0000-0000-0000-000000000001")]
    public async Task An_api_endpoint_answers_401_to_someone_not_signed_in_instead_of_redirecting(string path)
    {
        using var client = system.Web.CreateClient();

        using var response = await client.GetAsync(path);

        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
    }

    [Theory]
    [InlineData("/sign-in")]
    [InlineData("/health/live")]
    [InlineData("/health/ready")]
    [InlineData("/css/site.css")]
    [InlineData("/js/live.js")]
    public async Task The_sign_in_form_health_endpoints_and_static_files_need_no_sign_in(string path)
    {
        using var client = system.Web.CreateClient();

        using var response = await client.GetAsync(path);

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
    }

    [Theory]
    [InlineData(Roles.Staff, "/admin/users")]
    [InlineData(Roles.Staff, "/operations")]
    [InlineData(Roles.Operator, "/prisons/P1")]
    [InlineData(Roles.Operator, "/prisons/P1/since-last-shift")]
    [InlineData(Roles.Operator, "/prisons/P1/prisoners")]
    [InlineData(Roles.Operator, "/search?q=a")]
    [InlineData(Roles.Operator, "/admin/users")]
    [InlineData(Roles.Admin, "/operations")]
    public async Task A_page_of_another_role_answers_with_the_403_page(string role, string path)
    {
        using var client = await system.Web.SignedInClientAsync(role);

        using var response = await client.GetAsync(path);

        Assert.Equal(HttpStatusCode.Redirect, response.StatusCode);
        Assert.Equal("/access-denied", response.Headers.Location?.AbsolutePath);
        using var denied = await client.GetAsync(response.Headers.Location);
        Assert.Equal(HttpStatusCode.Forbidden, denied.StatusCode);
        Assert.Equal("Not allowed", Html.TextOf(await denied.Content.ReadAsStringAsync(), "h1", string.Empty));
    }

    [Theory]
    [InlineData(Roles.Operator, "/api/prisons/P1/dashboard")]
    [InlineData(Roles.Operator, "/api/prisoners/00000000-0000-0000-0000-000000000001/verdict")]
    [InlineData(Roles.Staff, "/api/runs/00000000-0000-0000-0000-000000000001")]
    [InlineData(Roles.Admin, "/api/runs/00000000-0000-0000-0000-000000000001")]
    public async Task An_api_endpoint_of_another_role_answers_403(string role, string path)
    {
        using var client = await system.Web.SignedInClientAsync(role);

        using var response = await client.GetAsync(path);

        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
    }

    [Fact]
    public async Task Staff_cannot_start_a_run_by_posting_the_operations_form()
    {
        using var staff = await system.Web.SignedInClientAsync(Roles.Staff);
        var token = SigningIn.TokenIn(await staff.GetStringAsync("/sign-out"));

        using var response = await staff.PostAsync("/operations?handler=Run", new FormUrlEncodedContent([new(NoticePosting.TokenField, token)]));

        Assert.Equal("/access-denied", response.Headers.Location?.AbsolutePath);
        Assert.Equal(0L, await system.Database.ScalarAsync<long>("SELECT count(*) FROM reevaluation_run"));
    }

    [Theory]
    [InlineData(Roles.Staff, "/prisons/P1")]
    [InlineData(Roles.Staff, "/prisons/P1/since-last-shift")]
    [InlineData(Roles.Admin, "/prisons/P1")]
    [InlineData(Roles.Admin, "/prisons/P1/since-last-shift")]
    [InlineData(Roles.Admin, "/admin/users")]
    [InlineData(Roles.Operator, "/operations")]
    [InlineData(Roles.Operator, "/")]
    public async Task Each_role_opens_its_own_pages_and_an_admin_the_dashboard_too(string role, string path)
    {
        using var client = await system.Web.SignedInClientAsync(role);

        using var response = await client.GetAsync(path);

        // P1 does not exist in this empty database: a 404 is the dashboard page answering, past authorization.
        Assert.Contains(response.StatusCode, new[] { HttpStatusCode.OK, HttpStatusCode.NotFound });
    }

    [Fact]
    public async Task Outside_development_the_session_and_antiforgery_cookies_are_secure_and_http_only()
    {
        await using var web = await RunningWeb.StartAsync(ServerArguments.For(system.Database, ServerArguments.NewQueuePrefix()));

        var session = web.Services.GetRequiredService<IOptionsMonitor<CookieAuthenticationOptions>>().Get(IdentityConstants.ApplicationScheme).Cookie;
        var antiforgery = web.Services.GetRequiredService<IOptions<AntiforgeryOptions>>().Value.Cookie;
        Assert.Equal(CookieSecurePolicy.Always, session.SecurePolicy);
        Assert.True(session.HttpOnly);
        Assert.Equal(CookieSecurePolicy.Always, antiforgery.SecurePolicy);
        Assert.True(antiforgery.HttpOnly);
    }
}
