using System.Security.Claims;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using OpenIddict.Abstractions;
using static OpenIddict.Abstractions.OpenIddictConstants;
using static OpenIddict.Server.OpenIddictServerEvents;

namespace Prison.Web.Tests.Api;

/// <summary>
/// An OAuth 2.0 issuer such as a prison already runs, on loopback over HTTP: OpenIddict's server with its discovery
/// document and keys, issuing signed JWT access tokens by client credentials to any client that asks, for the audience
/// the request names (wanted_audience=...), naming the client in <see cref="ClientClaim"/>. Whom it trusts is not the API's
/// business: the API trusts the issuer's signature and maps the claim to a client registered with the product.
/// </summary>
public sealed class ExternalIssuerHost : IAsyncDisposable
{
    public const string ClientClaim = "prison_client";

    public const string TokenPath = "connect/token";

    private readonly WebApplication _app;

    private ExternalIssuerHost(WebApplication app) => _app = app;

    /// <summary>The issuer's address, as its tokens' iss claim names it.</summary>
    public Uri Address => new(_app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First() + "/");

    public static async Task<ExternalIssuerHost> StartAsync(TimeProvider clock)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Services.AddSingleton(clock);
        builder.Services.AddOpenIddict().AddServer(options =>
        {
            options.SetTokenEndpointUris(TokenPath);
            options.AllowClientCredentialsFlow();
            options.RegisterScopes([.. Prison.Db.Api.ApiScopes.All]);
            options.EnableDegradedMode();
            options.DisableAccessTokenEncryption();
            options.AddEphemeralEncryptionKey().AddEphemeralSigningKey();
            options.UseAspNetCore().DisableTransportSecurityRequirement();
            options.AddEventHandler<ValidateTokenRequestContext>(handler => handler.UseInlineHandler(_ => default));
            options.AddEventHandler<HandleTokenRequestContext>(handler => handler.UseInlineHandler(context =>
            {
                var identity = new ClaimsIdentity("external", Claims.Name, Claims.Role);
                identity.SetClaim(Claims.Subject, context.ClientId);
                identity.SetClaim(ClientClaim, context.ClientId);
                identity.SetAudiences((string?)context.Request["wanted_audience"] ?? "unnamed");
                identity.SetScopes(context.Request.GetScopes());
                identity.SetDestinations(_ => [Destinations.AccessToken]);
                context.SignIn(new ClaimsPrincipal(identity));
                return default;
            }));
        });
        var app = builder.Build();
        await app.StartAsync();
        return new ExternalIssuerHost(app);
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
