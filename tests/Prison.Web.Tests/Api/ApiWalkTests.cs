using System.Net;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Api;
using Prison.Db.Identity;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Api;

/// <summary>
/// Every route of the API (read from web's endpoint table, so that one added later is walked without editing this
/// test), asked by every kind of caller: nobody, a staff session, a disabled client's token, a forged token, a reader and
/// a writer of every prison, and a reader and a writer of the second prison only. What each must answer is decided here
/// by the path and method, never read from the endpoints' own metadata; every refusal is problem details.
/// </summary>
public sealed class ApiWalkTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task Every_api_route_answers_every_kind_of_caller_as_promised_with_problem_details_for_each_refusal()
    {
        var disabled = await system.Web.Services.CreateApiClientAsync([ApiScopes.VerdictsRead, ApiScopes.RecordsWrite]);
        var disabledClient = system.Web.CreateClient();
        disabledClient.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", await disabledClient.TokenAsync(disabled.Name, disabled.Secret));
        await using (var scope = system.Web.Services.CreateAsyncScope())
        {
            await scope.ServiceProvider.GetRequiredService<ApiClientRegistry>().DisableAsync(disabled.Name);
        }

        var forged = system.Web.CreateClient();
        forged.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", "CfDJ8forged");
        var callers = new Dictionary<string, HttpClient>
        {
            ["nobody"] = system.Web.CreateClient(),
            ["a staff session"] = await system.Web.ClientSignedInAsAsync(StaffName),
            ["a disabled client"] = disabledClient,
            ["a forged token"] = forged,
            ["a reader"] = await system.Web.ApiClientAsync([ApiScopes.VerdictsRead]),
            ["a writer"] = await system.Web.ApiClientAsync([ApiScopes.RecordsWrite]),
            ["a reader of P2"] = await system.Web.ApiClientAsync([ApiScopes.VerdictsRead], PrisonAccess.Only(SecondPrison)),
            ["a writer of P2"] = await system.Web.ApiClientAsync([ApiScopes.RecordsWrite], PrisonAccess.Only(SecondPrison)),
        };
        await Task.Delay(Prison.Web.Api.ApiClientGate.StateReuse);

        var wrong = new List<string>();
        var routes = Routes();
        Assert.Contains(routes, r => r.Method == "POST");
        foreach (var (method, path) in routes)
        {
            var writes = method == "POST";
            foreach (var (who, client) in callers)
            {
                var expected = who switch
                {
                    "nobody" or "a staff session" or "a disabled client" or "a forged token" => HttpStatusCode.Unauthorized,
                    "a reader" => writes ? HttpStatusCode.Forbidden : HttpStatusCode.OK,
                    "a writer" => writes ? HttpStatusCode.BadRequest : HttpStatusCode.Forbidden,
                    "a reader of P2" => writes ? HttpStatusCode.Forbidden : HttpStatusCode.NotFound,
                    _ => writes ? HttpStatusCode.NotFound : HttpStatusCode.Forbidden,
                };
                using var request = new HttpRequestMessage(new HttpMethod(method), path);
                if (writes)
                {
                    // A body the form refuses (the date missing): a writer within reach gets 400, and nothing is recorded.
                    request.Content = new StringContent("{}", System.Text.Encoding.UTF8, "application/json");
                    request.Headers.Add("Idempotency-Key", Guid.NewGuid().ToString());
                }

                using var answer = await client.SendAsync(request);
                if (answer.StatusCode != expected)
                {
                    wrong.Add($"{method} {path} as {who}: {(int)answer.StatusCode}, expected {(int)expected}");
                }
                else if (expected != HttpStatusCode.OK && answer.Content.Headers.ContentType?.MediaType != "application/problem+json")
                {
                    wrong.Add($"{method} {path} as {who}: {answer.Content.Headers.ContentType}, not problem details");
                }
            }
        }

        Assert.True(wrong.Count == 0, string.Join("\n", wrong));
        Assert.Equal(0L, await system.Database.ScalarAsync<long>("SELECT count(*) FROM api_idempotency_key"));
    }

    private List<(string Method, string Path)> Routes()
    {
        var samples = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase)
        {
            ["code"] = FirstPrison,
            ["number"] = ArmedNumber,
            ["kind"] = "drug-test",
        };
        var routes = new List<(string, string)>();
        foreach (var endpoint in system.Web.Services.GetRequiredService<EndpointDataSource>().Endpoints.OfType<RouteEndpoint>())
        {
            var raw = endpoint.RoutePattern.RawText ?? string.Empty;
            if (!raw.TrimStart('/').StartsWith("api/v1/", StringComparison.Ordinal) || raw.EndsWith("/token", StringComparison.Ordinal))
            {
                continue;
            }

            var path = "/" + string.Join("/", endpoint.RoutePattern.PathSegments.Select(segment => string.Concat(segment.Parts.Select(part => part switch
            {
                Microsoft.AspNetCore.Routing.Patterns.RoutePatternLiteralPart literal => literal.Content,
                Microsoft.AspNetCore.Routing.Patterns.RoutePatternParameterPart parameter when samples.TryGetValue(parameter.Name, out var value) => value,
                _ => throw new InvalidOperationException($"No sample value for a part of {raw}: add one to {nameof(Routes)}."),
            }))));
            foreach (var method in endpoint.Metadata.GetMetadata<HttpMethodMetadata>()?.HttpMethods ?? ["GET"])
            {
                routes.Add((method, path));
            }
        }

        return routes;
    }
}
