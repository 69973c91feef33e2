using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db;
using Prison.Db.Api;
using Prison.Db.Identity;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Api;

/// <summary>
/// Who may call the API, over the real HTTP server: a token got by client credentials from the product's token
/// endpoint; never a cookie (and a token never opens a page); within the client's scopes and prisons; refused once the
/// client is disabled, deleted or given a new secret, once the token expired, or when it was forged; and, from another
/// web instance on the same database, accepted as from the first (the keys are shared).
/// </summary>
public sealed class ApiAccessTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    private const string ProblemJson = "application/problem+json";

    [Fact]
    public async Task A_client_with_a_token_reads_a_prisoners_verdict_with_its_reasons_and_record_version()
    {
        using var api = await system.Web.ApiClientAsync([ApiScopes.VerdictsRead]);

        using var answer = await api.GetAsync($"/api/v1/prisoners/{ArmedNumber}/verdict");

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        var verdict = JsonDocument.Parse(await answer.Content.ReadAsStringAsync()).RootElement;
        Assert.Equal("Dangerous", verdict.GetProperty("status").GetString());
        Assert.Equal(ArmedNumber, verdict.GetProperty("number").GetString());
        Assert.Contains(verdict.GetProperty("reasons").EnumerateArray(), r => r.GetProperty("facts").GetArrayLength() > 0);
        Assert.Equal(long.Parse((await system.StoredAsync(ArmedNumber))[2], System.Globalization.CultureInfo.InvariantCulture), verdict.GetProperty("recordVersion").GetInt64());
        Assert.NotNull(answer.Headers.ETag);
    }

    [Fact]
    public async Task A_read_asked_again_with_its_etag_answers_304_without_a_body()
    {
        using var api = await system.Web.ApiClientAsync([ApiScopes.VerdictsRead]);
        using var first = await api.GetAsync($"/api/v1/prisoners/{HarmlessNumber}/verdict");

        using var again = new HttpRequestMessage(HttpMethod.Get, $"/api/v1/prisoners/{HarmlessNumber}/verdict");
        again.Headers.IfNoneMatch.Add(first.Headers.ETag!);
        using var answer = await api.SendAsync(again);

        Assert.Equal(HttpStatusCode.NotModified, answer.StatusCode);
        Assert.Empty(await answer.Content.ReadAsByteArrayAsync());
    }

    [Fact]
    public async Task A_prisons_Dangerous_list_holds_its_dangerous_prisoners_and_is_audited_as_one_read_with_its_count()
    {
        var (name, secret) = await system.Web.Services.CreateApiClientAsync([ApiScopes.VerdictsRead]);
        using var api = system.Web.CreateClient();
        api.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", await api.TokenAsync(name, secret));

        using var answer = await api.GetAsync($"/api/v1/prisons/{FirstPrison}/dangerous");

        Assert.Equal(HttpStatusCode.OK, answer.StatusCode);
        var items = JsonDocument.Parse(await answer.Content.ReadAsStringAsync()).RootElement.GetProperty("items").EnumerateArray().Select(i => i.GetProperty("number").GetString()).ToList();
        Assert.Equal(DangerousAtFirstPrison.Order(), items.Order());
        var entries = await system.Database.RowsAsync($"SELECT action, summary FROM audit_entry WHERE user_name = 'client:{name}'");
        var entry = Assert.Single(entries);
        Assert.Equal("PrisonersListed", entry[0]);
        Assert.Contains($"{DangerousAtFirstPrison.Count} prisoners shown", entry[1], StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_client_of_another_prison_is_answered_404_as_for_nobody_and_the_probe_is_audited()
    {
        var (name, secret) = await system.Web.Services.CreateApiClientAsync([ApiScopes.VerdictsRead], PrisonAccess.Only(SecondPrison));
        using var api = system.Web.CreateClient();
        api.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", await api.TokenAsync(name, secret));

        using var prisoner = await api.GetAsync($"/api/v1/prisoners/{ArmedNumber}/verdict");
        using var nobody = await api.GetAsync("/api/v1/prisoners/Z999/verdict");
        using var prison = await api.GetAsync($"/api/v1/prisons/{FirstPrison}/dangerous");
        using var own = await api.GetAsync("/api/v1/prisoners/B202/verdict");

        Assert.Equal(HttpStatusCode.NotFound, prisoner.StatusCode);
        Assert.Equal(ProblemJson, prisoner.Content.Headers.ContentType?.MediaType);
        Assert.Equal(HttpStatusCode.NotFound, nobody.StatusCode);
        Assert.Equal(HttpStatusCode.NotFound, prison.StatusCode);
        Assert.Equal(HttpStatusCode.OK, own.StatusCode);
        Assert.Equal(2L, await system.Database.ScalarAsync<long>($"SELECT count(*) FROM audit_entry WHERE user_name = 'client:{name}' AND action = 'OutOfReach'"));
    }

    [Fact]
    public async Task No_empty_list_of_prisons_means_every_prison()
    {
        await using var scope = system.Web.Services.CreateAsyncScope();
        var refused = await Assert.ThrowsAsync<ChangeRefusedException>(() =>
            scope.ServiceProvider.GetRequiredService<ApiClientRegistry>()
                .AddAsync("nowhere", [ApiScopes.VerdictsRead], PrisonAccess.None));
        Assert.Contains("at least one prison, or all prisons", refused.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task No_cookie_opens_the_api_and_no_token_opens_a_page()
    {
        using var api = await system.Web.ApiClientAsync([ApiScopes.VerdictsRead]);
        using var cookie = await system.Web.ClientSignedInAsAsync(StaffName);

        using var withCookie = await cookie.GetAsync($"/api/v1/prisoners/{ArmedNumber}/verdict");
        using var page = await api.GetAsync($"/prisons/{FirstPrison}");

        Assert.Equal(HttpStatusCode.Unauthorized, withCookie.StatusCode);
        Assert.Equal(ProblemJson, withCookie.Content.Headers.ContentType?.MediaType);
        Assert.Equal(HttpStatusCode.Redirect, page.StatusCode);
        Assert.Equal("/sign-in", page.Headers.Location!.AbsolutePath);
    }

    [Fact]
    public async Task A_forged_or_missing_token_is_refused_with_problem_details()
    {
        using var anonymous = system.Web.CreateClient();
        using var forged = system.Web.CreateClient();
        forged.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", "CfDJ8" + new string('A', 300));

        using var without = await anonymous.GetAsync($"/api/v1/prisoners/{ArmedNumber}/verdict");
        using var withForged = await forged.GetAsync($"/api/v1/prisoners/{ArmedNumber}/verdict");

        Assert.Equal(HttpStatusCode.Unauthorized, without.StatusCode);
        Assert.Equal(ProblemJson, without.Content.Headers.ContentType?.MediaType);
        Assert.Equal(HttpStatusCode.Unauthorized, withForged.StatusCode);
        Assert.Equal(ProblemJson, withForged.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task A_token_without_the_scope_a_call_needs_is_refused_with_403()
    {
        using var writer = await system.Web.ApiClientAsync([ApiScopes.RecordsWrite]);

        using var answer = await writer.GetAsync($"/api/v1/prisoners/{ArmedNumber}/verdict");

        Assert.Equal(HttpStatusCode.Forbidden, answer.StatusCode);
        Assert.Equal(ProblemJson, answer.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task A_wrong_secret_gets_no_token()
    {
        var (name, _) = await system.Web.Services.CreateApiClientAsync([ApiScopes.VerdictsRead]);
        using var http = system.Web.CreateClient();

        using var answer = await http.RequestTokenAsync(name, "not-the-secret");

        Assert.Equal(HttpStatusCode.Unauthorized, answer.StatusCode);
        Assert.Contains("invalid_client", await answer.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_disabled_client_gets_no_token_and_its_token_is_refused_and_every_act_on_it_is_audited()
    {
        var (name, secret) = await system.Web.Services.CreateApiClientAsync([ApiScopes.VerdictsRead]);
        using var api = system.Web.CreateClient();
        api.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", await api.TokenAsync(name, secret));
        using (var before = await api.GetAsync($"/api/v1/prisoners/{ArmedNumber}/verdict"))
        {
            Assert.Equal(HttpStatusCode.OK, before.StatusCode);
        }

        await RegistryAsync(r => r.DisableAsync(name));

        using var token = await api.RequestTokenAsync(name, secret);
        Assert.Equal(HttpStatusCode.Unauthorized, token.StatusCode);
        Assert.Contains("invalid_client", await token.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        await Eventually.Async(
            async () => (await api.GetAsync($"/api/v1/prisoners/{ArmedNumber}/verdict")).StatusCode,
            status => status == HttpStatusCode.Unauthorized,
            "the disabled client's token to be refused",
            ApiGateReuse());

        await RegistryAsync(r => r.EnableAsync(name));
        var rotated = string.Empty;
        await RegistryAsync(async r => rotated = await r.RotateAsync(name));
        using (var old = await api.RequestTokenAsync(name, secret))
        {
            Assert.Equal(HttpStatusCode.Unauthorized, old.StatusCode);
        }

        Assert.NotEmpty(await api.TokenAsync(name, rotated));
        await RegistryAsync(r => r.DeleteAsync(name));
        var acts = (await system.Database.RowsAsync($"SELECT action FROM audit_entry WHERE subject_user_name = 'client:{name}' ORDER BY at, id")).Select(r => r[0]).ToList();
        Assert.Equal(["ApiClientAdded", "ApiClientDisabled", "ApiClientEnabled", "ApiClientSecretRotated", "ApiClientDeleted"], acts);
        Assert.DoesNotContain(secret, string.Join(" ", (await system.Database.RowsAsync($"SELECT client_secret FROM api_client")).Select(r => r[0])), StringComparison.Ordinal);
    }

    [Fact]
    public async Task An_expired_token_is_refused()
    {
        using var api = await system.Web.ApiClientAsync([ApiScopes.VerdictsRead]);
        system.Clock.Advance(TimeSpan.FromMinutes(6));
        try
        {
            using var answer = await api.GetAsync($"/api/v1/prisoners/{ArmedNumber}/verdict");

            Assert.Equal(HttpStatusCode.Unauthorized, answer.StatusCode);
            var body = await answer.Content.ReadAsStringAsync();
            Assert.True(body.Contains("no longer valid", StringComparison.Ordinal) || body.Contains("expired", StringComparison.Ordinal), body);
        }
        finally
        {
            system.Clock.Advance(TimeSpan.FromMinutes(-6));
        }
    }

    [Fact]
    public async Task Another_web_instance_accepts_the_token_and_limits_each_client_to_its_rate()
    {
        var (name, secret) = await system.Web.Services.CreateApiClientAsync([ApiScopes.VerdictsRead]);
        using var first = system.Web.CreateClient();
        var token = await first.TokenAsync(name, secret);
        await using var second = await RunningWeb.StartAsync(system.Database, system.QueuePrefix, system.Clock, "--Api:RequestsPerMinute=3");
        using var api = second.CreateClient();
        api.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", token);

        var statuses = new List<HttpStatusCode>();
        for (var i = 0; i < 4; i++)
        {
            using var answer = await api.GetAsync($"/api/v1/prisoners/{ArmedNumber}/verdict");
            statuses.Add(answer.StatusCode);
            if (answer.StatusCode == HttpStatusCode.TooManyRequests)
            {
                Assert.NotNull(answer.Headers.RetryAfter);
                Assert.Equal(ProblemJson, answer.Content.Headers.ContentType?.MediaType);
            }
        }

        Assert.Equal([HttpStatusCode.OK, HttpStatusCode.OK, HttpStatusCode.OK, HttpStatusCode.TooManyRequests], statuses);
    }

    private static TimeSpan ApiGateReuse() => Prison.Web.Api.ApiClientGate.StateReuse + TimeSpan.FromSeconds(5);

    private async Task RegistryAsync(Func<ApiClientRegistry, Task> act)
    {
        await using var scope = system.Web.Services.CreateAsyncScope();
        await act(scope.ServiceProvider.GetRequiredService<ApiClientRegistry>());
    }
}
