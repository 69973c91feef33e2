using System.Threading.RateLimiting;
using Microsoft.AspNetCore.RateLimiting;

namespace Prison.Web.Downloads;

/// <summary>
/// How many list downloads (a page's "csv" handler) stream at once, per signed-in user and in all: each holds a database
/// connection while its rows leave, so a user, or all of them together, cannot take every connection. ASP.NET Core's
/// rate limiter holds each download's permit until its answer ends; one past the limit is answered 429 in words.
/// </summary>
public static class DownloadLimits
{
    public const string PerUserKey = "Downloads:AtOncePerUser";

    public const string InAllKey = "Downloads:AtOnceInAll";

    public const int DefaultPerUser = 2;

    public const int DefaultInAll = 8;

    /// <summary>The handler every list page names its file download by (<c>?handler=csv</c>).</summary>
    public const string Handler = "csv";

    /// <summary>After the sign-in limit (<see cref="SignIn.SignInRateLimit"/>), whose refusals it leaves as they are.</summary>
    public static void AddDownloadLimits(this IServiceCollection services, IConfiguration configuration)
    {
        var perUser = Setting(configuration, PerUserKey, DefaultPerUser);
        var inAll = Setting(configuration, InAllKey, DefaultInAll);
        services.AddRateLimiter(limiter =>
        {
            var others = limiter.OnRejected;
            limiter.OnRejected = async (context, cancellationToken) =>
            {
                if (!IsDownload(context.HttpContext.Request))
                {
                    await (others?.Invoke(context, cancellationToken) ?? ValueTask.CompletedTask);
                    return;
                }

                context.HttpContext.Response.Headers.RetryAfter = "10";
                context.HttpContext.Response.ContentType = "text/plain; charset=utf-8";
                await context.HttpContext.Response.WriteAsync(
                    $"Too many downloads at once: at most {perUser} for each user and {inAll} in all. Wait for a download to end, then try again.", cancellationToken);
            };
            limiter.GlobalLimiter = PartitionedRateLimiter.CreateChained(
                PartitionedRateLimiter.Create<HttpContext, string>(context => IsDownload(context.Request)
                    ? RateLimitPartition.GetConcurrencyLimiter(context.User.Identity?.Name ?? string.Empty, _ => Options(perUser))
                    : RateLimitPartition.GetNoLimiter(string.Empty)),
                PartitionedRateLimiter.Create<HttpContext, string>(context => IsDownload(context.Request)
                    ? RateLimitPartition.GetConcurrencyLimiter(Handler, _ => Options(inAll))
                    : RateLimitPartition.GetNoLimiter(string.Empty)));
        });
    }

    private static bool IsDownload(HttpRequest request) =>
        HttpMethods.IsGet(request.Method) && string.Equals(request.Query["handler"], Handler, StringComparison.OrdinalIgnoreCase);

    private static ConcurrencyLimiterOptions Options(int permits) => new() { PermitLimit = permits, QueueLimit = 0 };

    private static int Setting(IConfiguration configuration, string key, int fallback)
    {
        var value = configuration.GetValue<int?>(key) ?? fallback;
        return value >= 1 ? value : throw new Prison.ServiceDefaults.StartupException($"{key} is {value}: it must be 1 or more.");
    }
}
