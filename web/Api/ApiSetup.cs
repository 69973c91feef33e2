using System.Security.Cryptography;
using System.Threading.RateLimiting;
using Microsoft.AspNetCore.Authorization;
using Microsoft.AspNetCore.Diagnostics;
using Microsoft.IdentityModel.Tokens;
using OpenIddict.Abstractions;
using OpenIddict.Validation.AspNetCore;
using Prison.Db;
using Prison.Db.Api;
using Prison.Runtime;
using Prison.ServiceDefaults;

namespace Prison.Web.Api;

/// <summary>
/// The API for other systems, under /api/v1: OAuth 2.0 client credentials (RFC 6749 section 4.4) at
/// <see cref="TokenPath"/>, served by OpenIddict; its access tokens are ASP.NET Core Data Protection tokens, protected by
/// the key ring the session cookies use (in the database, encrypted with the key-ring certificate in production), so
/// they survive restarts and every web instance accepts them. The API's policies name only the token's scheme (no
/// cookie opens the API) and the pages' only the cookie's (no token opens a page). With <see cref="ExternalIssuer"/>
/// set, the tokens the API accepts are that issuer's instead, each mapped to a registered client.
/// </summary>
public static class ApiSetup
{
    public const string Prefix = "/api/v1";

    public const string TokenPath = Prefix + "/token";

    public const string Scheme = OpenIddictValidationAspNetCoreDefaults.AuthenticationScheme;

    public const string ReadPolicy = "api:" + ApiScopes.VerdictsRead;

    public const string WritePolicy = "api:" + ApiScopes.RecordsWrite;

    public const string TokenLifetimeKey = "Api:TokenLifetime";

    public const string RequestsPerMinuteKey = "Api:RequestsPerMinute";

    public static readonly TimeSpan DefaultTokenLifetime = TimeSpan.FromMinutes(5);

    public const int DefaultRequestsPerMinute = 1200;

    /// <summary>The claim that carries the client's stamp: a token of an older stamp (rotated, disabled) is refused.</summary>
    public const string StampClaim = "client_stamp";

    public static void AddPrisonApi(this WebApplicationBuilder builder, bool secureTransport)
    {
        var configuration = builder.Configuration;
        var lifetime = configuration.GetValue<TimeSpan?>(TokenLifetimeKey) ?? DefaultTokenLifetime;
        if (lifetime < TimeSpan.FromMinutes(1) || lifetime > TimeSpan.FromHours(1))
        {
            throw new StartupException($"{TokenLifetimeKey} is {lifetime}: it must be from 00:01:00 to 01:00:00.");
        }

        var perMinute = configuration.GetValue<int?>(RequestsPerMinuteKey) ?? DefaultRequestsPerMinute;
        if (perMinute < 1)
        {
            throw new StartupException($"{RequestsPerMinuteKey} is {perMinute}: it must be 1 or more.");
        }

        var external = ExternalIssuer.Of(configuration);
        var services = builder.Services;
        services.AddApiClients()
            .AddServer(options =>
            {
                options.SetTokenEndpointUris(TokenPath.TrimStart('/'));
                options.AllowClientCredentialsFlow();
                options.RegisterScopes([.. ApiScopes.All]);
                options.SetAccessTokenLifetime(lifetime);

                // Nothing is stored per token: a token is checked by its protection, and its client's state where it is used.
                options.DisableTokenStorage();
                options.DisableAuthorizationStorage();
                options.UseDataProtection();

                // OpenIddict asks for keys of its own even when Data Protection protects every token it issues: these sign
                // nothing an API accepts (an identity token, which the API never takes), so they need not survive a restart.
                // An elliptic-curve and a symmetric key, not the ephemeral RSA pair: generating RSA primes cost every web
                // start seconds of a core on its first request.
                options.AddSigningKey(new ECDsaSecurityKey(ECDsa.Create(ECCurve.NamedCurves.nistP256)))
                    .AddEncryptionKey(new SymmetricSecurityKey(RandomNumberGenerator.GetBytes(32)));
                var host = options.UseAspNetCore().EnableTokenEndpointPassthrough();
                if (!secureTransport)
                {
                    host.DisableTransportSecurityRequirement();
                }
            })
            .AddValidation(options =>
            {
                if (external is null)
                {
                    options.UseLocalServer();
                    options.UseDataProtection();
                }
                else
                {
                    // The issuer's keys come from its discovery document and are fetched again as it rolls them.
                    options.SetIssuer(external.Address);
                    options.AddAudiences(external.Audience);
                    options.UseSystemNetHttp();
                    options.AddEventHandler(ExternalClientMapping.Descriptor);
                }

                options.UseAspNetCore();
            });
        if (external is not null)
        {
            services.AddSingleton(external);
        }

        services.AddAuthorizationBuilder()
            .AddPolicy(ReadPolicy, policy => policy.AddAuthenticationSchemes(Scheme).RequireAuthenticatedUser().RequireAssertion(c => c.User.HasScope(ApiScopes.VerdictsRead)))
            .AddPolicy(WritePolicy, policy => policy.AddAuthenticationSchemes(Scheme).RequireAuthenticatedUser().RequireAssertion(c => c.User.HasScope(ApiScopes.RecordsWrite)));
        services.AddProblemDetails();
        services.AddApiDocument();
        services.ConfigureHttpJsonOptions(options => options.SerializerOptions.Converters.Add(new System.Text.Json.Serialization.JsonStringEnumConverter()));
        services.AddSingleton(provider => new ApiClientGate(
            PartitionedRateLimiter.Create<string, string>(client => RateLimitPartition.GetFixedWindowLimiter(
                client, _ => new FixedWindowRateLimiterOptions { PermitLimit = perMinute, Window = TimeSpan.FromMinutes(1), QueueLimit = 0 })),
            provider.GetRequiredService<Microsoft.Extensions.Caching.Memory.IMemoryCache>(),
            provider.GetRequiredService<TimeProvider>()));
    }

    /// <summary>
    /// Every answer under /api/v1 that is refused without a body (401, 403, 404, 405, 413, 415) gets RFC 9457 problem
    /// details instead of the pages' error page.
    /// </summary>
    public static void UseApiProblems(this WebApplication app) =>
        app.UseWhen(context => context.Request.Path.StartsWithSegments(Prefix, StringComparison.OrdinalIgnoreCase), api => api.Use(async (context, next) =>
        {
            if (context.Features.Get<IStatusCodePagesFeature>() is { } pages)
            {
                pages.Enabled = false;
            }

            // Prisoners' records: no cache keeps a copy, whoever asked (a refused session included).
            context.Response.OnStarting(() =>
            {
                context.Response.Headers.CacheControl = "no-store";
                return Task.CompletedTask;
            });

            await next();
            if (!context.Response.HasStarted && context.Response.StatusCode >= 400 && context.Response.ContentLength is null && string.IsNullOrEmpty(context.Response.ContentType))
            {
                await ApiProblems.WriteAsync(context, context.Response.StatusCode, ApiProblems.DetailOf(context));
            }
        }));

    public static void MapPrisonApi(this WebApplication app)
    {
        app.MapApiToken();
        app.MapApiDocument();
        var api = app.MapGroup(Prefix).AddEndpointFilter(app.Services.GetRequiredService<ApiClientGate>()).DisableAntiforgery();
        api.MapVerdictReads();
        api.MapEntryWrites();
    }
}
