using Prison.Domain;
using Prison.Web.Pages.Shared;

namespace Prison.Web.SignIn;

/// <summary>
/// The prison an address under <c>/prisons/{code}</c> names, when the user reaches it. Otherwise null, after the
/// out-of-reach audit, and the caller answers 404 as for a prison that does not exist. The one lookup of pages and polls.
/// </summary>
public static class PrisonInReach
{
    /// <summary>The route value that carries the prison's code.</summary>
    public const string RouteKey = "code";

    public static async Task<PrisonFacility?> FindAsync(HttpContext http, CancellationToken cancellationToken)
    {
        var code = http.GetRouteValue(RouteKey) as string ?? "";
        if (await http.RequestServices.GetRequiredService<PrisonDirectory>().FindAsync(code, PrisonScope.Of(http.User), cancellationToken) is { } prison)
        {
            http.Items[typeof(PrisonFacility)] = prison;
            return prison;
        }

        await OutOfReachAudit.PrisonAsync(http, code, cancellationToken);
        return null;
    }

    /// <summary>The prison <see cref="FindAsync"/> found for this request.</summary>
    public static PrisonFacility Of(HttpContext http) =>
        http.Items[typeof(PrisonFacility)] as PrisonFacility ?? throw new InvalidOperationException("No prison was looked up for this request: guard its endpoint with PrisonInReach.");

    /// <summary>An endpoint filter for polls under a prison's address: the lookup, the audit and the 404 as a problem.</summary>
    public static async ValueTask<object?> GuardAsync(EndpointFilterInvocationContext context, EndpointFilterDelegate next) =>
        await FindAsync(context.HttpContext, context.HttpContext.RequestAborted) is null
            ? Results.Problem($"There is no prison '{context.HttpContext.GetRouteValue(RouteKey)}'.", statusCode: StatusCodes.Status404NotFound)
            : await next(context);
}
