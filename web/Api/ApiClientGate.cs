using System.Security.Claims;
using System.Threading.RateLimiting;
using Microsoft.Extensions.Caching.Memory;
using OpenIddict.Abstractions;
using Prison.Db;
using Prison.Db.Api;

namespace Prison.Web.Api;

/// <summary>
/// What every call of the API passes after its token was checked: the client is still enabled and its token of its
/// current stamp (a rotated secret, a disabled or deleted client: refused with 401), asked of the database at most once
/// per client and <see cref="StateReuse"/> in each web instance; and the client's own rate limit (429 with
/// Retry-After). Per client, not per address: many systems may share a proxy, and a token names its client.
/// </summary>
public sealed class ApiClientGate(PartitionedRateLimiter<string> limiter, IMemoryCache cache, TimeProvider clock) : IEndpointFilter
{
    /// <summary>How long a client's state read from the database is reused: how soon a disable reaches every instance.</summary>
    public static readonly TimeSpan StateReuse = TimeSpan.FromSeconds(2);

    public async ValueTask<object?> InvokeAsync(EndpointFilterInvocationContext context, EndpointFilterDelegate next)
    {
        var http = context.HttpContext;
        if (http.User.GetClaim(OpenIddictConstants.Claims.Subject) is not { } client)
        {
            return ApiProblems.Of(StatusCodes.Status401Unauthorized, "An access token is needed.");
        }

        var stamp = await cache.GetOrCreateAsync($"api-client:{client}", entry =>
        {
            entry.AbsoluteExpiration = clock.GetUtcNow() + StateReuse;
            return ApiClientRegistry.LiveStampAsync(http.RequestServices.GetRequiredService<PrisonDb>(), client, http.RequestAborted);
        });
        if (stamp is null || stamp != http.User.FindFirstValue(ApiSetup.StampClaim))
        {
            return ApiProblems.Of(StatusCodes.Status401Unauthorized, $"This token's client ({client}) is disabled, deleted or has a new secret: get a new token.");
        }

        using var lease = limiter.AttemptAcquire(client);
        if (!lease.IsAcquired)
        {
            http.Response.Headers.RetryAfter = lease.TryGetMetadata(MetadataName.RetryAfter, out var after) ? ((int)Math.Ceiling(after.TotalSeconds)).ToString(System.Globalization.CultureInfo.InvariantCulture) : "60";
            return ApiProblems.Of(StatusCodes.Status429TooManyRequests, $"{client} asked more often than {ApiSetup.RequestsPerMinuteKey} allows. Wait, then try again.");
        }

        return await next(context);
    }
}
