using System.Threading.RateLimiting;
using Microsoft.AspNetCore.RateLimiting;

namespace Prison.Web.SignIn;

/// <summary>
/// Sign-in attempts per client address, besides each account's lockout: guessing across many names from one place is
/// slowed as guessing one name is. Only the form's posts count; opening the page does not.
/// </summary>
public static class SignInRateLimit
{
    public const string Policy = "sign-in";

    public const string AttemptsKey = "SignIn:AttemptsPerMinute";

    public const int DefaultAttemptsPerMinute = 20;

    public static void AddSignInRateLimit(this IServiceCollection services, IConfiguration configuration)
    {
        var perMinute = configuration.GetValue<int?>(AttemptsKey) ?? DefaultAttemptsPerMinute;
        if (perMinute < 1)
        {
            throw new Prison.ServiceDefaults.StartupException($"{AttemptsKey} is {perMinute}: it must be 1 or more.");
        }

        services.AddRateLimiter(limiter =>
        {
            limiter.RejectionStatusCode = StatusCodes.Status429TooManyRequests;
            limiter.OnRejected = async (context, cancellationToken) =>
            {
                context.HttpContext.Response.Headers.RetryAfter = "60";
                context.HttpContext.Response.ContentType = "text/plain; charset=utf-8";
                await context.HttpContext.Response.WriteAsync(
                    "Too many sign-in attempts from this address. Wait a minute, then try again.", cancellationToken);
            };
            limiter.AddPolicy(Policy, context => HttpMethods.IsPost(context.Request.Method)
                ? RateLimitPartition.GetFixedWindowLimiter(
                    context.Connection.RemoteIpAddress?.ToString() ?? "unknown",
                    _ => new FixedWindowRateLimiterOptions { PermitLimit = perMinute, Window = TimeSpan.FromMinutes(1), QueueLimit = 0 })
                : RateLimitPartition.GetNoLimiter("page"));
        });
    }
}
