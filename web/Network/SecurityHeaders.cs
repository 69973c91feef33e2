using Prison.Web.App;

namespace Prison.Web.Network;

/// <summary>
/// The headers every answer carries: scripts, styles and everything else only from this site (the pages have no
/// inline script or style), never framed, no referrer sent elsewhere, no powerful browser features; nothing kept in a
/// cache of what a signed-in user is answered.
/// </summary>
public static class SecurityHeaders
{
    public const string ContentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; "
        + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    /// <summary>
    /// Hangfire's dashboard and Scalar's API reference, libraries' pages, write inline scripts and styles: they alone
    /// may run them, still framed by nobody and loading from, and connecting to, nowhere else.
    /// </summary>
    public const string JobsDashboardPolicy =
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
        + "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    public const string PermissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=()";

    public const string NoStore = "no-store";

    public static IApplicationBuilder UseSecurityHeaders(this IApplicationBuilder app) =>
        app.Use(async (context, next) =>
        {
            // Read here: a mapped branch (Hangfire's) moves the path into the path base before the answer starts.
            var policy = context.Request.Path.StartsWithSegments(JobsDashboard.Path) || context.Request.Path.StartsWithSegments(Api.ApiDocument.ReferencePath) ? JobsDashboardPolicy : ContentSecurityPolicy;

            // Set as the answer starts: the error handler clears the headers of an answer it replaces.
            context.Response.OnStarting(() =>
            {
                var headers = context.Response.Headers;
                headers.ContentSecurityPolicy = policy;
                headers.XContentTypeOptions = "nosniff";
                headers.XFrameOptions = "DENY";
                headers["Referrer-Policy"] = "no-referrer";
                headers["Permissions-Policy"] = PermissionsPolicy;
                // What a signed-in user is answered shows prisoners' records: no browser or proxy keeps a copy.
                if (context.User.Identity?.IsAuthenticated == true)
                {
                    headers.CacheControl = NoStore;
                }

                return Task.CompletedTask;
            });
            await next();
        });
}
