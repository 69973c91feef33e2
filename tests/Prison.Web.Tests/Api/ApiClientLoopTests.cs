using System.Globalization;
using System.Net.Http.Headers;
using System.Text.Json.Nodes;
using Duende.IdentityModel.Client;
using Microsoft.Kiota.Abstractions;
using Microsoft.Kiota.Abstractions.Authentication;
using Microsoft.Kiota.Http.HttpClientLibrary;
using Prison.ApiClient;
using Prison.ApiClient.Api.V1.Prisoners.Item.Entries.Item;
using Prison.ApiClient.Models;
using Prison.Db.Api;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Api;

/// <summary>
/// The API as another system uses it, with no client code of ours: a token from IdentityModel's client-credentials
/// request, then every call through the client Kiota generated from the document web serves (tests/Prison.ApiClient,
/// generated from its checked-in copy, which must be the served one).
/// </summary>
public sealed class ApiClientLoopTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Fact]
    public async Task The_document_the_client_was_generated_from_is_the_one_web_serves()
    {
        using var anonymous = system.Web.CreateClient();

        var served = JsonNode.Parse(await anonymous.GetStringAsync("/openapi/v1.json"));
        var checkedIn = JsonNode.Parse(await File.ReadAllTextAsync(Path.Combine(Repository.Root(), "tests", "Prison.ApiClient", "openapi-v1.json")));

        Assert.True(
            JsonNode.DeepEquals(served, checkedIn),
            "tests/Prison.ApiClient/openapi-v1.json is not web's /openapi/v1.json: save the served document over it and run tests/Prison.ApiClient/generate.sh.");
    }

    [Fact]
    public async Task A_system_with_the_generated_client_gets_a_token_posts_a_failed_drug_test_once_and_reads_the_verdict_and_its_change()
    {
        const string number = "A107";
        var (name, secret) = await system.Web.Services.CreateApiClientAsync([ApiScopes.VerdictsRead, ApiScopes.RecordsWrite]);
        using var http = system.Web.CreateClient();
        var token = await http.RequestClientCredentialsTokenAsync(new ClientCredentialsTokenRequest
        {
            Address = new Uri(system.Web.Address, "api/v1/token").ToString(),
            ClientId = name,
            ClientSecret = secret,
        });
        Assert.False(token.IsError, token.Error);
        http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", token.AccessToken);
        var api = new PrisonApiClient(new HttpClientRequestAdapter(new AnonymousAuthenticationProvider(), httpClient: http));
        var prisoner = api.Api.V1.Prisoners[number];

        var before = await prisoner.Verdict.GetAsync();
        var entry = new WithKindPostRequestBody { AdditionalData = { ["date"] = system.Today.AddDays(-1).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture), ["result"] = "Failed" } };
        var key = Guid.NewGuid().ToString();
        void Headers(RequestConfiguration<DefaultQueryParameters> post)
        {
            post.Headers.Add("Idempotency-Key", key);
            post.Headers.Add("If-Match", $"\"{before!.RecordVersion}\"");
        }

        var saved = await prisoner.Entries["drug-test"].PostAsync(entry, Headers);
        var retried = await prisoner.Entries["drug-test"].PostAsync(entry, Headers);

        Assert.Equal(DangerStatus.NotDangerous, before!.Status);
        Assert.Equal(before.RecordVersion + 1, saved!.RecordVersion);
        Assert.Equal(saved.RecordVersion, retried!.RecordVersion);
        Assert.Equal(saved.Saved, retried.Saved);
        var after = await Eventually.Async(() => prisoner.Verdict.GetAsync()!, v => v!.Status == DangerStatus.Dangerous, $"the posted failed drug test to turn {number} Dangerous");
        Assert.Equal(saved.RecordVersion, after!.RecordVersion);
        Assert.Contains(after.Reasons!, r => r.Rule == "FailedDrugTestInLast3Months");

        // On PostgreSQL the feed waits for every older write transaction of the server to end, another database's too.
        var changes = await Eventually.Async(
            () => api.Api.V1.Prisons[FirstPrison].VerdictChanges.GetAsync()!,
            page => page!.Items!.Any(c => c.Number == number && c.To == nameof(DangerStatus.Dangerous) && c.RecordVersion == saved.RecordVersion),
            $"{number}'s change in the prison's feed",
            TimeSpan.FromMinutes(2));
        var later = await api.Api.V1.Prisons[FirstPrison].VerdictChanges.GetAsync(get => get.QueryParameters.After = changes!.Next);
        Assert.DoesNotContain(later!.Items!, c => changes!.Items!.Any(seen => seen.Id == c.Id));
    }
}
