using System.Security.Claims;
using Microsoft.AspNetCore;
using Microsoft.AspNetCore.Authentication;
using OpenIddict.Abstractions;
using OpenIddict.Server.AspNetCore;
using Prison.Db.Api;
using Prison.Web.SignIn;
using static OpenIddict.Abstractions.OpenIddictConstants;

namespace Prison.Web.Api;

/// <summary>
/// The token endpoint, after OpenIddict has checked the client's id and secret and that it may ask for the scopes: a
/// disabled client is refused; an enabled one gets an access token naming it (for the audit log, "client:NAME"), its
/// prisons as a user's session carries them (<see cref="PrisonScope"/>, so every read and write is scoped the one way),
/// its scopes (those asked for, or all of its own) and its stamp.
/// </summary>
public static class ApiToken
{
    public static void MapApiToken(this WebApplication app) =>
        app.MapPost(ApiSetup.TokenPath, async (HttpContext http, ApiClientRegistry clients, CancellationToken cancellationToken) =>
        {
            var request = http.GetOpenIddictServerRequest() ?? throw new InvalidOperationException("The token endpoint was reached without OpenIddict's request.");
            if (!request.IsClientCredentialsGrantType() || request.ClientId is null || await clients.FindAsync(request.ClientId, cancellationToken) is not { } client || client.Disabled)
            {
                return Results.Forbid(
                    new AuthenticationProperties(new Dictionary<string, string?>
                    {
                        [OpenIddictServerAspNetCoreConstants.Properties.Error] = Errors.InvalidClient,
                        [OpenIddictServerAspNetCoreConstants.Properties.ErrorDescription] = "This client is disabled or unknown.",
                    }),
                    [OpenIddictServerAspNetCoreDefaults.AuthenticationScheme]);
            }

            var asked = request.GetScopes();
            var identity = IdentityOf(client, asked.IsEmpty ? client.Scopes : asked, OpenIddictServerAspNetCoreDefaults.AuthenticationScheme);
            identity.SetDestinations(_ => [Destinations.AccessToken]);
            return Results.SignIn(new ClaimsPrincipal(identity), authenticationScheme: OpenIddictServerAspNetCoreDefaults.AuthenticationScheme);
        }).AllowAnonymous().ExcludeFromDescription();

    /// <summary>What a call knows of its client, from the product's token or an external issuer's (<see cref="ExternalClientMapping"/>).</summary>
    public static ClaimsIdentity IdentityOf(ApiClient client, IEnumerable<string> scopes, string authenticationType)
    {
        var identity = new ClaimsIdentity(authenticationType, Claims.Name, Claims.Role);
        identity.SetClaim(Claims.Subject, client.Name);
        identity.SetClaim(Claims.Name, ApiClientRegistry.ActorNameOf(client.Name));
        identity.SetClaim(ApiSetup.StampClaim, client.Stamp);
        identity.AddClaims(PrisonScope.Claims(client.Prisons.AllPrisons, client.PrisonIds));
        identity.SetScopes(scopes);
        return identity;
    }
}
