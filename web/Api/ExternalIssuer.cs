using Prison.ServiceDefaults;

namespace Prison.Web.Api;

/// <summary>
/// An OAuth 2.0 issuer the prison already runs, whose access tokens (JWTs, its keys found by OpenID Connect discovery
/// at <see cref="Address"/>) the API accepts instead of the product's own when <see cref="AddressKey"/> is set: for
/// <see cref="Audience"/> only, each naming in <see cref="ClientClaim"/> a client registered here, whose scopes and
/// prisons are the registry's, whatever the token says.
/// </summary>
public sealed record ExternalIssuer(Uri Address, string Audience, string ClientClaim)
{
    public const string AddressKey = "Api:ExternalIssuer:Address";

    public const string AudienceKey = "Api:ExternalIssuer:Audience";

    public const string ClientClaimKey = "Api:ExternalIssuer:ClientClaim";

    /// <summary>RFC 9068's claim for the client a token was issued to.</summary>
    public const string DefaultClientClaim = "client_id";

    /// <summary>The issuer configured, or null when the product's own tokens are the API's.</summary>
    public static ExternalIssuer? Of(IConfiguration configuration)
    {
        if (string.IsNullOrWhiteSpace(configuration[AddressKey]))
        {
            return null;
        }

        if (!Uri.TryCreate(configuration[AddressKey], UriKind.Absolute, out var address) || address.Scheme is not ("https" or "http"))
        {
            throw new StartupException($"{AddressKey} is '{configuration[AddressKey]}': it must be the issuer's absolute address, as its tokens' iss claim names it.");
        }

        // The issuer's keys are fetched from this address: over plain HTTP anyone on the path could put in their own.
        if (address.Scheme != Uri.UriSchemeHttps && !address.IsLoopback)
        {
            throw new StartupException($"{AddressKey} is '{address}': the issuer's keys are read from it, so it must be https (plain http only on loopback).");
        }

        if (string.IsNullOrWhiteSpace(configuration[AudienceKey]))
        {
            throw new StartupException($"{AddressKey} is set but {AudienceKey} is not: name the audience the issuer puts in tokens meant for this API.");
        }

        var claim = string.IsNullOrWhiteSpace(configuration[ClientClaimKey]) ? DefaultClientClaim : configuration[ClientClaimKey]!.Trim();
        return new ExternalIssuer(address, configuration[AudienceKey]!.Trim(), claim);
    }
}
