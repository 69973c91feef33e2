using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using Prison.Db.Api;
using Prison.Db.Identity;
using static Prison.Web.Tests.ProductionFixture;

namespace Prison.Web.Tests.Api;

/// <summary>
/// Other systems record entries through the API, over the real HTTP server with the worker running: the pages' forms,
/// checks and refusals, the one save, once per Idempotency-Key, guarded by the record version; whatever is refused is
/// answered with problem details and records nothing.
/// </summary>
public sealed class EntryWritesTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    private const string ProblemJson = "application/problem+json";

    [Fact]
    public async Task A_failed_drug_test_posted_turns_the_prisoner_Dangerous_and_the_answer_says_the_new_version_and_where_to_read_the_verdict()
    {
        using var api = await system.Web.ApiClientAsync([ApiScopes.RecordsWrite, ApiScopes.VerdictsRead]);

        using var answer = await PostAsync(api, "A103", "drug-test", new { date = Day(-1), result = "Failed" });

        Assert.Equal(HttpStatusCode.Created, answer.StatusCode);
        var saved = JsonDocument.Parse(await answer.Content.ReadAsStringAsync()).RootElement;
        var version = saved.GetProperty("recordVersion").GetInt64();
        Assert.Equal(long.Parse((await system.StoredAsync("A103"))[2], System.Globalization.CultureInfo.InvariantCulture), version);
        Assert.Equal("/api/v1/prisoners/A103/verdict", saved.GetProperty("verdictUrl").GetString());
        Assert.Equal("/api/v1/prisoners/A103/verdict", answer.Headers.Location!.OriginalString);
        var verdict = await Eventually.Async(
            async () => JsonDocument.Parse(await api.GetStringAsync(saved.GetProperty("verdictUrl").GetString())).RootElement,
            v => v.GetProperty("status").GetString() == "Dangerous",
            "the posted failed drug test to turn A103 Dangerous");
        Assert.Equal(version, verdict.GetProperty("recordVersion").GetInt64());
        Assert.Contains(verdict.GetProperty("reasons").EnumerateArray(), r => r.GetProperty("rule").GetString() == "FailedDrugTestInLast3Months");

        // The prison's feed has the change; asked again from its cursor, it repeats nothing.
        // On PostgreSQL the feed waits for every older write transaction of the server to end, another database's too.
        var feed = await Eventually.Async(
            async () => JsonDocument.Parse(await api.GetStringAsync($"/api/v1/prisons/{FirstPrison}/verdict-changes")).RootElement,
            f => f.GetProperty("items").EnumerateArray().Any(c => c.GetProperty("number").GetString() == "A103" && c.GetProperty("to").GetString() == "Dangerous" && c.GetProperty("recordVersion").GetInt64() == version),
            "A103's change in the prison's feed",
            TimeSpan.FromMinutes(2));
        var seen = feed.GetProperty("items").EnumerateArray().Select(c => c.GetProperty("id").GetInt64()).ToList();
        var later = JsonDocument.Parse(await api.GetStringAsync($"/api/v1/prisons/{FirstPrison}/verdict-changes?after={feed.GetProperty("next").GetString()}")).RootElement;
        Assert.DoesNotContain(later.GetProperty("items").EnumerateArray(), c => seen.Contains(c.GetProperty("id").GetInt64()));
    }

    [Fact]
    public async Task A_retried_post_answers_as_the_first_did_and_records_once_and_the_key_with_another_body_is_refused()
    {
        using var api = await system.Web.ApiClientAsync([ApiScopes.RecordsWrite]);
        var key = Guid.NewGuid().ToString();
        var before = await system.NoticeCountAsync("A106");
        var notice = new { date = Day(-2), type = "AssaultOnPrisoner", description = "struck another prisoner in the yard" };

        using var first = await PostAsync(api, "A106", "disciplinary-notice", notice, key);
        var tries = await Task.WhenAll(Enumerable.Range(0, 3).Select(_ => PostAsync(api, "A106", "disciplinary-notice", notice, key)));
        using var other = await PostAsync(api, "A106", "disciplinary-notice", new { date = Day(-3), type = "AssaultOnPrisoner", description = "another" }, key);

        Assert.Equal(HttpStatusCode.Created, first.StatusCode);
        var firstBody = await first.Content.ReadAsStringAsync();
        foreach (var again in tries)
        {
            Assert.Equal(HttpStatusCode.Created, again.StatusCode);
            Assert.Equal(firstBody, await again.Content.ReadAsStringAsync());
            again.Dispose();
        }

        Assert.Equal(HttpStatusCode.UnprocessableEntity, other.StatusCode);
        Assert.Equal(ProblemJson, other.Content.Headers.ContentType?.MediaType);
        Assert.Equal(before + 1, await system.NoticeCountAsync("A106"));
    }

    [Fact]
    public async Task Posts_that_the_form_would_refuse_are_answered_with_problem_details_and_record_nothing()
    {
        using var api = await system.Web.ApiClientAsync([ApiScopes.RecordsWrite]);
        var before = await system.NoticeCountAsync("A107");
        var version = (await system.StoredAsync("A107"))[2];

        using var unknownKind = await PostAsync(api, "A107", "tattoo", new { date = Day(-1) });
        using var wrongType = await PostAsync(api, "A107", "disciplinary-notice", new { date = "yesterday", type = 7, description = "x" });
        using var future = await PostAsync(api, "A107", "disciplinary-notice", new { date = Day(30), type = "AssaultOnPrisoner", description = "not yet" });
        using var notAnObject = await PostRawAsync(api, "A107", "disciplinary-notice", "[1,2]", Guid.NewGuid().ToString());
        using var tooLarge = await PostRawAsync(api, "A107", "disciplinary-notice", JsonSerializer.Serialize(new { date = Day(-1), type = "AssaultOnPrisoner", description = new string('x', 20_000) }), Guid.NewGuid().ToString());
        using var noKey = await PostRawAsync(api, "A107", "disciplinary-notice", "{}", null);

        Assert.Equal(HttpStatusCode.NotFound, unknownKind.StatusCode);
        Assert.Contains("drug-test", await unknownKind.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.BadRequest, wrongType.StatusCode);
        var errors = JsonDocument.Parse(await wrongType.Content.ReadAsStringAsync()).RootElement.GetProperty("errors");
        Assert.True(errors.TryGetProperty("Date", out _), errors.ToString());
        Assert.Equal(HttpStatusCode.BadRequest, future.StatusCode);
        Assert.Contains("Date", await future.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.BadRequest, notAnObject.StatusCode);
        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, tooLarge.StatusCode);
        Assert.Equal(HttpStatusCode.BadRequest, noKey.StatusCode);
        foreach (var answer in new[] { unknownKind, wrongType, future, notAnObject, tooLarge, noKey })
        {
            Assert.Equal(ProblemJson, answer.Content.Headers.ContentType?.MediaType);
        }

        Assert.Equal(before, await system.NoticeCountAsync("A107"));
        Assert.Equal(version, (await system.StoredAsync("A107"))[2]);
    }

    [Fact]
    public async Task A_post_naming_a_record_version_that_moved_on_is_refused_with_412_and_records_nothing()
    {
        using var api = await system.Web.ApiClientAsync([ApiScopes.RecordsWrite]);
        var version = long.Parse((await system.StoredAsync("A108"))[2], System.Globalization.CultureInfo.InvariantCulture);

        using var current = await PostAsync(api, "A108", "drug-test", new { date = Day(-1), result = "Negative" }, ifMatch: version);
        using var stale = await PostAsync(api, "A108", "drug-test", new { date = Day(-1), result = "Negative" }, ifMatch: version);

        Assert.Equal(HttpStatusCode.Created, current.StatusCode);
        Assert.Equal(HttpStatusCode.PreconditionFailed, stale.StatusCode);
        Assert.Equal(ProblemJson, stale.Content.Headers.ContentType?.MediaType);
        Assert.Equal((version + 1).ToString(System.Globalization.CultureInfo.InvariantCulture), (await system.StoredAsync("A108"))[2]);
    }

    [Fact]
    public async Task A_client_of_another_prison_or_without_the_write_scope_records_nothing()
    {
        using var elsewhere = await system.Web.ApiClientAsync([ApiScopes.RecordsWrite], PrisonAccess.Only(SecondPrison));
        using var reader = await system.Web.ApiClientAsync([ApiScopes.VerdictsRead]);
        var before = await system.NoticeCountAsync("A109");
        var notice = new { date = Day(-1), type = "AssaultOnPrisoner", description = "x" };

        using var outOfReach = await PostAsync(elsewhere, "A109", "disciplinary-notice", notice);
        using var readOnly = await PostAsync(reader, "A109", "disciplinary-notice", notice);

        Assert.Equal(HttpStatusCode.NotFound, outOfReach.StatusCode);
        Assert.Equal(HttpStatusCode.Forbidden, readOnly.StatusCode);
        Assert.Equal(before, await system.NoticeCountAsync("A109"));
    }

    [Fact]
    public async Task An_entry_the_record_refuses_is_answered_422_with_the_records_own_words()
    {
        using var api = await system.Web.ApiClientAsync([ApiScopes.RecordsWrite]);

        // A released prisoner cannot be released again: the pages say it in the same words.
        using var answer = await PostAsync(api, ReleasedNumber, "release", new { date = Day(-1) });

        Assert.True(answer.StatusCode is HttpStatusCode.UnprocessableEntity or HttpStatusCode.BadRequest, $"{(int)answer.StatusCode} {await answer.Content.ReadAsStringAsync()}");
        Assert.Equal(ProblemJson, answer.Content.Headers.ContentType?.MediaType);
    }

    private string Day(int days) => system.Today.AddDays(days).ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture);

    private static Task<HttpResponseMessage> PostAsync(HttpClient api, string number, string kind, object body, string? key = null, long? ifMatch = null) =>
        PostRawAsync(api, number, kind, JsonSerializer.Serialize(body), key ?? Guid.NewGuid().ToString(), ifMatch);

    private static Task<HttpResponseMessage> PostRawAsync(HttpClient api, string number, string kind, string body, string? key, long? ifMatch = null)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, $"/api/v1/prisoners/{number}/entries/{kind}") { Content = new StringContent(body, Encoding.UTF8, "application/json") };
        if (key is not null)
        {
            request.Headers.Add("Idempotency-Key", key);
        }

        if (ifMatch is { } version)
        {
            request.Headers.IfMatch.Add(new EntityTagHeaderValue($"\"{version}\""));
        }

        return api.SendAsync(request);
    }
}
