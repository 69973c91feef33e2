using Microsoft.AspNetCore.Mvc;

namespace Prison.Web.Api;

/// <summary>The API's refusals as RFC 9457 problem details (application/problem+json), each with a sentence saying why.</summary>
public static class ApiProblems
{
    public static IResult Of(int status, string detail, IDictionary<string, string[]>? errors = null) =>
        errors is { Count: > 0 }
            ? Results.ValidationProblem(errors, detail, statusCode: status, title: TitleOf(status))
            : Results.Problem(detail, statusCode: status, title: TitleOf(status));

    public static async Task WriteAsync(HttpContext context, int status, string detail)
    {
        context.Response.StatusCode = status;
        await context.RequestServices.GetRequiredService<IProblemDetailsService>().WriteAsync(new ProblemDetailsContext
        {
            HttpContext = context,
            ProblemDetails = new ProblemDetails { Status = status, Title = TitleOf(status), Detail = detail },
        });
    }

    /// <summary>What a bodiless refusal means: for a 401, what the token's scheme said of the token (expired, forged, missing).</summary>
    public static string DetailOf(HttpContext context) => context.Response.StatusCode switch
    {
        StatusCodes.Status401Unauthorized => context.Response.Headers.WWWAuthenticate.ToString() is { Length: > 0 } challenge && challenge.Contains("error_description=", StringComparison.Ordinal)
            ? $"No valid access token: {challenge[(challenge.IndexOf("error_description=", StringComparison.Ordinal) + 18)..].Split(',')[0].Trim('"')} Get one from {ApiSetup.TokenPath} (client credentials)."
            : $"An access token is needed: get one from {ApiSetup.TokenPath} (client credentials) and send it as 'Authorization: Bearer TOKEN'.",
        StatusCodes.Status403Forbidden => "This client's token does not carry the scope this call needs.",
        StatusCodes.Status404NotFound => "There is no such resource.",
        StatusCodes.Status405MethodNotAllowed => "This address does not take that method.",
        StatusCodes.Status413PayloadTooLarge => "The body is larger than this address takes.",
        StatusCodes.Status415UnsupportedMediaType => "Send the body as application/json.",
        _ => "The request was refused.",
    };

    private static string TitleOf(int status) => status switch
    {
        StatusCodes.Status400BadRequest => "The request is not valid",
        StatusCodes.Status401Unauthorized => "Not authenticated",
        StatusCodes.Status403Forbidden => "Not allowed",
        StatusCodes.Status404NotFound => "Not found",
        StatusCodes.Status409Conflict => "Conflict",
        StatusCodes.Status412PreconditionFailed => "The record has changed",
        StatusCodes.Status413PayloadTooLarge => "Too large",
        StatusCodes.Status422UnprocessableEntity => "Refused by the record",
        StatusCodes.Status428PreconditionRequired => "The record version is needed",
        StatusCodes.Status429TooManyRequests => "Too many requests",
        _ => "Refused",
    };
}
