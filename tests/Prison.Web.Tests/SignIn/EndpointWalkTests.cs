using System.Net;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Prison.Db.Identity;
using Xunit.Abstractions;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.SignIn;

/// <summary>
/// Every endpoint web maps (each Razor page and each mapped endpoint, read from its endpoint table, so that one added
/// later is walked without editing this test), asked by someone not signed in, by Staff, Admin and Operator, and by
/// Staff of the second prison (to whom the first prison's prison and prisoner addresses answer 404), with GET
/// and, where it takes posts, with a POST that carries no antiforgery token. What each must answer is decided here by
/// the path, from what docs/security.md ("In detail") promises, never read from the endpoints' own metadata: a path
/// this test has no rule for fails it. The security headers are checked on every answer, and every answer to a signed-in
/// user says Cache-Control: no-store.
/// </summary>
public sealed class EndpointWalkTests(ProductionFixture system, ITestOutputHelper output) : IClassFixture<ProductionFixture>
{
    private const string Anonymous = "anonymous";

    /// <summary>A Staff user who works at the second prison only, walking the first prison's addresses.</summary>
    private const string StaffOfSecondPrison = "Staff of " + SecondPrison;

    /// <summary>An Admin who works at the second prison only: the admin pages open, and show nothing of other prisons or headquarters.</summary>
    private const string AdminOfSecondPrison = "Admin of " + SecondPrison;

    /// <summary>The addresses of a prison or a prisoner: the samples are the first prison's and one of its prisoners.</summary>
    private static readonly string[] OfAPrison = ["/prisons/", "/prisoners/", "/api/prisons/", "/api/prisoners/"];

    /// <summary>Who may open a path, by its start; the first that matches wins (see <see cref="AccessRule"/>).</summary>
    private static readonly AccessRule[] MayOpen =
    [
        // Only between the password and the code; asked without the password step, it leads back to the sign-in form.
        new("/sign-in/two-factor", null, SendsTo: "/sign-in"),
        new("/sign-in", null),
        new("/sign-out", null),
        new("/health/", null, ChangesNothing: true),
        new("/error", null, Shows: HttpStatusCode.InternalServerError),
        new("/not-found", null, Shows: HttpStatusCode.NotFound, ChangesNothing: true),
        new("/access-denied", null, Shows: HttpStatusCode.Forbidden),
        new("/password", [Roles.Staff, Roles.Admin, Roles.Operator]),
        new("/two-factor", [Roles.Staff, Roles.Admin, Roles.Operator]),
        new("/prisons/", [Roles.Staff, Roles.Admin]),
        new("/prisoners/", [Roles.Staff, Roles.Admin]),
        new("/search", [Roles.Staff, Roles.Admin]),
        // The API's token endpoint takes client credentials, not a session; a post without them is refused with 400.
        new("/api/v1/token", null),
        new("/api/v1/", [], TokenOnly: true),
        new("/openapi/", null, ChangesNothing: true),
        new("/scalar", null, ChangesNothing: true),
        // The AsyncAPI document of the events: what an integrator reads before holding a token, as the OpenAPI one.
        new("/asyncapi.json", null, ChangesNothing: true),
        new("/api/prisons/", [Roles.Staff, Roles.Admin], RefusesWith403: true),
        new("/api/prisoners/", [Roles.Staff, Roles.Admin], RefusesWith403: true),
        new("/admin/", [Roles.Admin]),
        // Hangfire's dashboard answers a refusal itself, and refuses a post without its token with 403 too.
        new("/operations/jobs", [Roles.Operator], RefusesWith403: true),
        new("/operations", [Roles.Operator]),
        new("/api/runs/", [Roles.Operator], RefusesWith403: true),
        new("/", [Roles.Staff, Roles.Admin, Roles.Operator]),
    ];

    [Fact]
    public async Task Every_endpoint_answers_each_role_as_promised_with_the_security_headers_on_every_answer()
    {
        var addresses = Addresses();
        var (staffEverywhere, operatorName) = (await system.Web.CreateUserAsync(Roles.Staff), await system.Web.CreateUserAsync(Roles.Operator));
        var clients = new Dictionary<string, HttpClient>
        {
            [Anonymous] = system.Web.CreateClient(),
            [Roles.Staff] = await system.Web.ClientSignedInAsAsync(staffEverywhere),
            [Roles.Admin] = await system.Web.SignedInClientAsync(Roles.Admin),
            [Roles.Operator] = await system.Web.ClientSignedInAsAsync(operatorName),
            [StaffOfSecondPrison] = await system.Web.ClientSignedInAsAsync(await system.Web.CreateUserOfPrisonsAsync([SecondPrison], Roles.Staff)),
            [AdminOfSecondPrison] = await system.Web.ClientSignedInAsAsync(await system.Web.CreateUserOfPrisonsAsync([SecondPrison], Roles.Admin)),
        };
        var wrong = new List<string>();
        foreach (var (path, posts) in addresses)
        {
            var rule = MayOpen.First(rule => path == rule.Prefix.TrimEnd('/') || path.StartsWith(rule.Prefix, StringComparison.Ordinal));
            foreach (var (who, client) in clients)
            {
                var role = who switch { StaffOfSecondPrison => Roles.Staff, AdminOfSecondPrison => Roles.Admin, _ => who };
                var allowed = rule.Roles is null || rule.Roles.Contains(role);
                // Another prison's things answer as things that do not exist: nothing tells they are there.
                var outOfReach = who is StaffOfSecondPrison or AdminOfSecondPrison && allowed && OfAPrison.Any(start => path.StartsWith(start, StringComparison.Ordinal));
                using (var answer = await client.GetAsync(path))
                {
                    Check(wrong, $"GET {path} as {who}", answer, outOfReach ? EndpointAnswer.OutOfReach : ExpectedGet(rule, role, allowed), rule, signedIn: who != Anonymous);
                }

                if (posts)
                {
                    using var answer = await client.PostAsync(path, new FormUrlEncodedContent([]));
                    Check(wrong, $"POST {path} (no antiforgery token) as {who}", answer, outOfReach ? EndpointAnswer.OutOfReachPost : ExpectedPost(rule, role, allowed), rule, signedIn: who != Anonymous);
                }
            }
        }

        foreach (var (path, posts) in addresses)
        {
            output.WriteLine(posts ? $"{path} (GET and POST)" : path);
        }

        // The search answers Staff of the second prison, and finds nothing of the first.
        using (var found = await clients[Roles.Staff].GetAsync($"/search?q={ArmedNumber}"))
        using (var notFound = await clients[StaffOfSecondPrison].GetAsync($"/search?q={ArmedNumber}"))
        {
            var link = $"href=\"/prisoners/{ArmedNumber}\"";
            if (!(await found.Content.ReadAsStringAsync()).Contains(link, StringComparison.Ordinal))
            {
                wrong.Add($"the search for {ArmedNumber} as Staff of every prison does not find it");
            }

            if ((await notFound.Content.ReadAsStringAsync()).Contains(link, StringComparison.Ordinal))
            {
                wrong.Add($"the search for {ArmedNumber} as {StaffOfSecondPrison} finds a prisoner of {FirstPrison}");
            }
        }

        // The admin of the second prison saw the admin pages, and on them no account and no entry of anyone else's.
        var users = await clients[AdminOfSecondPrison].GetStringAsync("/admin/users");
        var audit = await clients[AdminOfSecondPrison].GetStringAsync("/admin/audit");
        foreach (var other in new[] { StaffName, staffEverywhere, operatorName })
        {
            if (users.Contains($"data-user=\"{other}\"", StringComparison.Ordinal))
            {
                wrong.Add($"the users page shows {AdminOfSecondPrison} the account {other}, of every prison");
            }

            if (audit.Contains($">{other}<", StringComparison.Ordinal))
            {
                wrong.Add($"the audit log shows {AdminOfSecondPrison} an entry by {other}, of every prison");
            }
        }

        Assert.True(wrong.Count == 0, string.Join("\n", wrong));
    }

    /// <summary>
    /// The endpoints' patterns with each parameter given a value of the seeded data; a parameter this table has no value
    /// for fails the test, so that a new kind of address gets one.
    /// </summary>
    private List<(string Path, bool Posts)> Addresses()
    {
        var samples = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase)
        {
            ["code"] = FirstPrison,
            ["number"] = ArmedNumber,
            ["id"] = system.Ids[ArmedNumber].ToString(),
            ["kind"] = "disciplinary-notice",
            ["path"] = string.Empty,
        };
        var addresses = new List<(string, bool)>();
        foreach (var endpoint in system.Web.Services.GetRequiredService<EndpointDataSource>().Endpoints.OfType<RouteEndpoint>())
        {
            var methods = endpoint.Metadata.GetMetadata<HttpMethodMetadata>()?.HttpMethods;
            if (methods is { Count: > 0 } && !methods.Contains("GET") && !methods.Contains("POST"))
            {
                continue;
            }

            var pattern = endpoint.RoutePattern;
            if (pattern.RawText is { } raw && (raw.StartsWith("_", StringComparison.Ordinal) || raw.Contains("{**path:nonfile}", StringComparison.Ordinal)))
            {
                continue;
            }

            var segments = pattern.PathSegments.Select(segment => string.Concat(segment.Parts.Select(part => part switch
            {
                Microsoft.AspNetCore.Routing.Patterns.RoutePatternLiteralPart literal => literal.Content,
                Microsoft.AspNetCore.Routing.Patterns.RoutePatternSeparatorPart separator => separator.Content,
                Microsoft.AspNetCore.Routing.Patterns.RoutePatternParameterPart { Name: "code" } when pattern.RawText!.StartsWith("admin/rules", StringComparison.Ordinal) => "WeaponFoundInLast12Months",
                Microsoft.AspNetCore.Routing.Patterns.RoutePatternParameterPart parameter when samples.TryGetValue(parameter.Name, out var value) => value,
                Microsoft.AspNetCore.Routing.Patterns.RoutePatternParameterPart parameter when parameter.IsOptional => string.Empty,
                Microsoft.AspNetCore.Routing.Patterns.RoutePatternParameterPart parameter =>
                    throw new InvalidOperationException($"No sample value for {{{parameter.Name}}} in {pattern.RawText}: add one to {nameof(Addresses)}."),
                _ => throw new InvalidOperationException($"Unexpected part in {pattern.RawText}."),
            })));
            var path = "/" + string.Join("/", segments).TrimEnd('/');
            var posts = methods is null || methods.Contains("POST");
            addresses.Add((path, posts));
        }

        return [.. addresses.GroupBy(a => a.Item1).Select(g => (g.Key, g.Any(a => a.Item2))).OrderBy(a => a.Key, StringComparer.Ordinal)];
    }

    private static EndpointAnswer ExpectedGet(AccessRule rule, string who, bool allowed) =>
        (allowed, who) switch
        {
            (true, _) => EndpointAnswer.Answered,
            (false, _) when rule.TokenOnly => EndpointAnswer.Unauthorized,
            (false, Anonymous) when rule.Prefix.StartsWith("/api/", StringComparison.Ordinal) => EndpointAnswer.Unauthorized,
            (false, Anonymous) => EndpointAnswer.ToSignIn,
            (false, _) when rule.RefusesWith403 => EndpointAnswer.Forbidden,
            (false, _) => EndpointAnswer.ToAccessDenied,
        };

    /// <summary>A post someone may not make is refused before anything else; one they may make still needs its token.</summary>
    private static EndpointAnswer ExpectedPost(AccessRule rule, string who, bool allowed) =>
        allowed && !rule.ChangesNothing ? EndpointAnswer.RefusedWithoutToken : ExpectedGet(rule, who, allowed);

    private static void Check(List<string> wrong, string what, HttpResponseMessage answer, EndpointAnswer expected, AccessRule rule, bool signedIn)
    {
        var status = answer.StatusCode;
        var location = answer.Headers.Location is { } to ? (to.IsAbsoluteUri ? to.PathAndQuery : to.OriginalString) : string.Empty;
        var ok = expected switch
        {
            // Any answer but a refusal: the page, a redirect within it (a form's result), a 404 for a sample that is not there.
            EndpointAnswer.Answered when rule.Shows is { } shows => status == shows,
            EndpointAnswer.Answered when rule.SendsTo is { } sendsTo => status == HttpStatusCode.Redirect && location.StartsWith(sendsTo, StringComparison.Ordinal),
            EndpointAnswer.Answered => status is not (HttpStatusCode.Unauthorized or HttpStatusCode.Forbidden or HttpStatusCode.InternalServerError)
                && !location.StartsWith("/sign-in", StringComparison.Ordinal) && !location.StartsWith("/access-denied", StringComparison.Ordinal),
            EndpointAnswer.OutOfReach => status == HttpStatusCode.NotFound,
            EndpointAnswer.OutOfReachPost => status is HttpStatusCode.NotFound or HttpStatusCode.BadRequest,
            // A route of the API that takes posts only refuses a GET before asking who calls.
            EndpointAnswer.Unauthorized => status == HttpStatusCode.Unauthorized || (rule.TokenOnly && status == HttpStatusCode.MethodNotAllowed),
            EndpointAnswer.Forbidden => status == HttpStatusCode.Forbidden,
            EndpointAnswer.ToSignIn => status == HttpStatusCode.Redirect && location.StartsWith("/sign-in?ReturnUrl=", StringComparison.Ordinal),
            EndpointAnswer.ToAccessDenied => status == HttpStatusCode.Redirect && location.StartsWith("/access-denied", StringComparison.Ordinal),
            EndpointAnswer.RefusedWithoutToken => status == HttpStatusCode.BadRequest || (rule.RefusesWith403 && status == HttpStatusCode.Forbidden),
            _ => false,
        };
        if (!ok)
        {
            wrong.Add($"{what}: {(int)status} {location}, expected {expected}");
        }

        if (signedIn && answer.Headers.CacheControl is not { NoStore: true })
        {
            wrong.Add($"{what}: Cache-Control is \"{answer.Headers.CacheControl}\", not no-store");
        }

        foreach (var (header, value) in SecurityHeaders)
        {
            if (!answer.Headers.TryGetValues(header, out var values) || !values.Any(v => v.Contains(value, StringComparison.Ordinal)))
            {
                wrong.Add($"{what}: no {header} with {value}");
            }
        }
    }

    private static readonly (string Header, string Value)[] SecurityHeaders =
    [
        ("Content-Security-Policy", "frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Permissions-Policy", "camera=()"),
    ];
}
