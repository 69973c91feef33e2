using System.Net;
using System.Text.Json;
using System.Text.RegularExpressions;

namespace Prison.Web.Tests.Api;

/// <summary>
/// The API's OpenAPI document, generated from the endpoints and served, and its browsable reference, served from here
/// under a policy that lets it load from and connect to nothing else.
/// </summary>
public sealed partial class ApiDocumentTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task The_openapi_document_describes_every_api_route_with_the_client_credentials_scheme_and_every_kind_of_entry()
    {
        using var anonymous = system.Web.CreateClient();

        var document = JsonDocument.Parse(await anonymous.GetStringAsync("/openapi/v1.json")).RootElement;

        Assert.StartsWith("3.", document.GetProperty("openapi").GetString(), StringComparison.Ordinal);
        var paths = document.GetProperty("paths").EnumerateObject().Select(p => p.Name).ToList();
        Assert.Contains("/api/v1/prisoners/{number}/verdict", paths);
        Assert.Contains("/api/v1/prisons/{code}/dangerous", paths);
        Assert.Contains("/api/v1/prisoners/{number}/entries/{kind}", paths);
        var flow = document.GetProperty("components").GetProperty("securitySchemes").GetProperty("oauth2").GetProperty("flows").GetProperty("clientCredentials");
        Assert.Equal("/api/v1/token", flow.GetProperty("tokenUrl").GetString());
        var post = document.GetProperty("paths").GetProperty("/api/v1/prisoners/{number}/entries/{kind}").GetProperty("post");
        var kinds = post.GetProperty("parameters").EnumerateArray().Single(p => p.GetProperty("name").GetString() == "kind").GetProperty("schema").GetProperty("enum").EnumerateArray().Select(k => k.GetString()).ToList();
        Assert.Equal(Prison.Web.Pages.Prisoners.Recording.RecordForms.All.Select(f => f.Kind).Order(), kinds.Order());
        Assert.Contains(post.GetProperty("parameters").EnumerateArray(), p => p.GetProperty("name").GetString() == "Idempotency-Key");
    }

    [Fact]
    public async Task The_openapi_document_passes_every_rule_of_Spectrals_oas_ruleset()
    {
        using var anonymous = system.Web.CreateClient();
        var folder = Directory.CreateTempSubdirectory("openapi-lint-").FullName;
        try
        {
            var documentPath = Path.Combine(folder, "openapi.json");
            await File.WriteAllTextAsync(documentPath, await anonymous.GetStringAsync("/openapi/v1.json"));
            var modules = await ExternalProgram.NodeModulesAsync("spectral");
            var ruleset = Path.Combine(Repository.Root(), "tests", "Prison.Web.Tests", "Api", "spectral.yaml");

            var (exitCode, output, error) = await ExternalProgram.RunAsync(
                "node", Path.Combine(modules, "@stoplight", "spectral-cli", "dist", "index.js"), "lint", documentPath, "--ruleset", ruleset, "--format", "json", "--fail-severity", "hint", "--quiet");

            var findings = JsonDocument.Parse(output).RootElement.EnumerateArray()
                .Select(f => $"{f.GetProperty("code").GetString()} at {string.Join('.', f.GetProperty("path").EnumerateArray())}: {f.GetProperty("message").GetString()}");
            Assert.Empty(findings);
            Assert.True(exitCode == 0, $"spectral exited with {exitCode}: {error}");
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task The_reference_is_served_from_here_and_may_load_from_and_connect_to_nothing_else()
    {
        using var anonymous = system.Web.CreateClient();

        using var page = await anonymous.GetAsync("/scalar/");
        var html = await page.Content.ReadAsStringAsync();

        Assert.Equal(HttpStatusCode.OK, page.StatusCode);
        var csp = string.Join(";", page.Headers.GetValues("Content-Security-Policy"));
        Assert.Contains("default-src 'self'", csp, StringComparison.Ordinal);
        Assert.Contains("connect-src 'self'", csp, StringComparison.Ordinal);
        Assert.Contains("font-src 'self'", csp, StringComparison.Ordinal);
        var sources = SourceAttribute().Matches(html).Select(m => m.Groups[1].Value).ToList();
        Assert.NotEmpty(sources);
        Assert.All(sources, source => Assert.False(source.Contains("//", StringComparison.Ordinal), $"{source} is loaded from another host"));
        foreach (var source in sources)
        {
            using var asset = await anonymous.GetAsync(new Uri(page.RequestMessage!.RequestUri!, source));
            Assert.Equal(HttpStatusCode.OK, asset.StatusCode);
        }
    }

    [GeneratedRegex("(?:src|href)=\"([^\"]+)\"")]
    private static partial Regex SourceAttribute();
}
