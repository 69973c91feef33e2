using System.Security.Cryptography;
using System.Text.Json;
using Microsoft.AspNetCore.Http.Json;
using Microsoft.Extensions.Options;

namespace Prison.Web.Api;

/// <summary>
/// A read's answer with its entity tag, a digest of the body: 304 with no body when the caller's If-None-Match names it
/// (the read was made all the same, one statement; what a 304 saves is the transfer and the caller's work).
/// </summary>
public static class ApiAnswers
{
    public static IResult Json<T>(HttpContext http, T value, out bool notModified)
    {
        var options = http.RequestServices.GetRequiredService<IOptions<JsonOptions>>().Value.SerializerOptions;
        var body = JsonSerializer.SerializeToUtf8Bytes(value, options);
        var tag = $"\"{Convert.ToHexStringLower(SHA256.HashData(body).AsSpan(0, 16))}\"";
        http.Response.Headers.ETag = tag;
        http.Response.Headers.CacheControl = "no-store";
        notModified = http.Request.Headers.IfNoneMatch.Any(given => given is not null && given.Split(',').Any(t => t.Trim() == tag || t.Trim() == "*"));
        return notModified ? Results.StatusCode(StatusCodes.Status304NotModified) : Results.Bytes(body, "application/json");
    }
}
