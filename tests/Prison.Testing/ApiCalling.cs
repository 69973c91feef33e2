using System.Net.Http.Headers;
using System.Text.Json;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Api;
using Prison.Db.Identity;

namespace Prison.Testing;

/// <summary>API clients made for a test through web's own registry, and HTTP clients carrying their tokens, got from the token endpoint as any system gets them.</summary>
public static class ApiCalling
{
    public const string TokenPath = "/api/v1/token";

    /// <summary>A new API client with <paramref name="scopes"/>, reaching <paramref name="prisons"/> (every prison when null). Returns its name and secret.</summary>
    public static async Task<(string Name, string Secret)> CreateApiClientAsync(this IServiceProvider services, IReadOnlyCollection<string> scopes, PrisonAccess? prisons = null)
    {
        var name = $"system-{Guid.NewGuid().ToString("N")[..8]}";
        await using var scope = services.CreateAsyncScope();
        var secret = await scope.ServiceProvider.GetRequiredService<ApiClientRegistry>().AddAsync(name, scopes, prisons ?? PrisonAccess.All);
        return (name, secret);
    }

    /// <summary>Asks the token endpoint, with the client's id and secret in the form (RFC 6749 section 2.3.1 allows either way).</summary>
    public static Task<HttpResponseMessage> RequestTokenAsync(this HttpClient http, string name, string secret, string? scope = null) =>
        http.PostAsync(TokenPath, new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["grant_type"] = "client_credentials",
            ["client_id"] = name,
            ["client_secret"] = secret,
            ["scope"] = scope ?? string.Empty,
        }.Where(p => p.Value.Length > 0)));

    public static async Task<string> TokenAsync(this HttpClient http, string name, string secret, string? scope = null)
    {
        using var answer = await http.RequestTokenAsync(name, secret, scope);
        var body = await answer.Content.ReadAsStringAsync();
        if (!answer.IsSuccessStatusCode)
        {
            throw new InvalidOperationException($"The token endpoint answered {(int)answer.StatusCode}: {body}");
        }

        return JsonDocument.Parse(body).RootElement.GetProperty("access_token").GetString()!;
    }

    /// <summary>A client of <paramref name="web"/> carrying a token of a new API client with <paramref name="scopes"/> and <paramref name="prisons"/>.</summary>
    public static async Task<HttpClient> ApiClientAsync(this RunningWeb web, IReadOnlyCollection<string> scopes, PrisonAccess? prisons = null)
    {
        var (name, secret) = await web.Services.CreateApiClientAsync(scopes, prisons);
        var http = web.CreateClient();
        http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", await http.TokenAsync(name, secret));
        return http;
    }
}
