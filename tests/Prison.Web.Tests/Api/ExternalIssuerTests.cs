using System.Net;
using System.Net.Http.Headers;
using Duende.IdentityModel.Client;
using Prison.Db.Api;
using Prison.Db.Identity;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Api;

/// <summary>
/// With Api:ExternalIssuer set, the API accepts the tokens of an issuer the prison already runs (a real OpenIddict
/// server on loopback, its keys found by discovery) for the configured audience, each mapped by its client claim to a
/// client registered here, whose scopes and prisons are the registry's; any other token is refused.
/// </summary>
public sealed class ExternalIssuerTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    private const string Audience = "prison-dashboard";

    [Fact]
    public async Task An_external_issuers_token_for_a_registered_client_is_accepted_and_a_wrong_audience_or_an_unknown_client_is_refused()
    {
        await using var issuer = await ExternalIssuerHost.StartAsync(system.Clock);
        await using var web = await RunningWeb.StartAsync(
            system.Database, system.QueuePrefix, system.Clock,
            $"--Api:ExternalIssuer:Address={issuer.Address}", $"--Api:ExternalIssuer:Audience={Audience}", $"--Api:ExternalIssuer:ClientClaim={ExternalIssuerHost.ClientClaim}");
        var (reader, _) = await web.Services.CreateApiClientAsync([ApiScopes.VerdictsRead]);
        var (writer, _) = await web.Services.CreateApiClientAsync([ApiScopes.RecordsWrite]);
        var (elsewhere, _) = await web.Services.CreateApiClientAsync([ApiScopes.VerdictsRead], PrisonAccess.Only(SecondPrison));
        using var http = web.CreateClient();
        var verdict = $"/api/v1/prisoners/{ArmedNumber}/verdict";

        using var accepted = await CallAsync(http, verdict, await TokenAsync(issuer, reader, Audience));
        using var wrongAudience = await CallAsync(http, verdict, await TokenAsync(issuer, reader, "another-api"));
        using var unknown = await CallAsync(http, verdict, await TokenAsync(issuer, "nobody-registered", Audience));
        using var scopeOfTheRegistry = await CallAsync(http, verdict, await TokenAsync(issuer, writer, Audience));
        using var prisonsOfTheRegistry = await CallAsync(http, verdict, await TokenAsync(issuer, elsewhere, Audience));
        var (own, ownSecret) = await web.Services.CreateApiClientAsync([ApiScopes.VerdictsRead]);
        using var ownToken = await CallAsync(http, verdict, await http.TokenAsync(own, ownSecret));

        Assert.Equal(HttpStatusCode.OK, accepted.StatusCode);
        Assert.Contains("\"Dangerous\"", await accepted.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(1L, await system.Database.ScalarAsync<long>($"SELECT count(*) FROM audit_entry WHERE user_name = 'client:{reader}'"));
        Assert.Equal(HttpStatusCode.Unauthorized, wrongAudience.StatusCode);
        Assert.Equal(HttpStatusCode.Unauthorized, unknown.StatusCode);
        Assert.Equal("application/problem+json", unknown.Content.Headers.ContentType?.MediaType);
        Assert.Equal(HttpStatusCode.Forbidden, scopeOfTheRegistry.StatusCode);
        Assert.Equal(HttpStatusCode.NotFound, prisonsOfTheRegistry.StatusCode);
        Assert.Equal(HttpStatusCode.Unauthorized, ownToken.StatusCode);
    }

    [Theory]
    [InlineData("http://login.prison.example/", "prison-dashboard", "https")]
    [InlineData("https://login.prison.example/", "", "Api:ExternalIssuer:Audience")]
    [InlineData("login.prison.example", "prison-dashboard", "absolute address")]
    public async Task An_issuer_whose_keys_could_be_swapped_or_without_an_audience_stops_the_start(string address, string audience, string said)
    {
        var refused = await Assert.ThrowsAsync<Prison.ServiceDefaults.StartupException>(() => RunningWeb.StartAsync(
            system.Database, system.QueuePrefix, system.Clock, $"--Api:ExternalIssuer:Address={address}", $"--Api:ExternalIssuer:Audience={audience}"));

        Assert.Contains(said, refused.Message, StringComparison.Ordinal);
    }

    /// <summary>The issuer's token as any system gets it (the secret is the issuer's affair; this one asks none).</summary>
    private static async Task<string> TokenAsync(ExternalIssuerHost issuer, string client, string audience)
    {
        using var http = new HttpClient();
        var token = await http.RequestClientCredentialsTokenAsync(new ClientCredentialsTokenRequest
        {
            Address = new Uri(issuer.Address, ExternalIssuerHost.TokenPath).ToString(),
            ClientId = client,
            ClientSecret = "the issuer's affair",
            Scope = ApiScopes.VerdictsRead,
            Parameters = { { "wanted_audience", audience } },
        });
        Assert.False(token.IsError, $"{token.Error}: {token.ErrorDescription}");
        return token.AccessToken!;
    }

    private static Task<HttpResponseMessage> CallAsync(HttpClient http, string path, string token)
    {
        var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", token);
        return http.SendAsync(request);
    }
}
