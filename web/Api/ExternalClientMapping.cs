using System.Security.Claims;
using OpenIddict.Validation;
using OpenIddict.Validation.AspNetCore;
using Prison.Db.Api;
using static OpenIddict.Abstractions.OpenIddictConstants;
using static OpenIddict.Validation.OpenIddictValidationEvents;

namespace Prison.Web.Api;

/// <summary>
/// Once OpenIddict has checked an external issuer's token (signature, issuer, audience, lifetime), the client its claim
/// names is looked up in the registry: unknown or disabled, the token is refused; otherwise the call goes on as that
/// client's, with the registry's scopes, prisons and stamp, exactly as with the product's own token.
/// </summary>
public sealed class ExternalClientMapping(ExternalIssuer issuer, ApiClientRegistry clients) : IOpenIddictValidationHandler<ProcessAuthenticationContext>
{
    public static OpenIddictValidationHandlerDescriptor Descriptor { get; } =
        OpenIddictValidationHandlerDescriptor.CreateBuilder<ProcessAuthenticationContext>()
            .UseScopedHandler<ExternalClientMapping>()
            .SetOrder(OpenIddictValidationHandlers.ValidateAccessToken.Descriptor.Order + 500)
            .SetType(OpenIddictValidationHandlerType.Custom)
            .Build();

    public async ValueTask HandleAsync(ProcessAuthenticationContext context)
    {
        if (context.AccessTokenPrincipal is not { } principal)
        {
            return;
        }

        if (principal.FindFirst(issuer.ClientClaim)?.Value is not { Length: > 0 } name)
        {
            context.Reject(Errors.InvalidToken, $"The token names no client in its {issuer.ClientClaim} claim.");
            return;
        }

        if (await clients.FindAsync(name, context.CancellationToken) is not { Disabled: false } client)
        {
            context.Reject(Errors.InvalidToken, $"The token's client ({name}) is not registered here, or is disabled.");
            return;
        }

        context.AccessTokenPrincipal = new ClaimsPrincipal(ApiToken.IdentityOf(client, client.Scopes, OpenIddictValidationAspNetCoreDefaults.AuthenticationScheme));
    }
}
