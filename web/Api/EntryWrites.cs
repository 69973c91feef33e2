using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.EntityFrameworkCore;
using Microsoft.Extensions.Primitives;
using OpenIddict.Abstractions;
using Prison.Db;
using Prison.Db.Api;
using Prison.Db.Reads;
using Prison.Domain.Evaluation;
using Prison.Web.Pages.Prisoners.Recording;
using Prison.Web.Pages.Shared;
using Prison.Web.SignIn;

namespace Prison.Web.Api;

/// <summary>
/// Other systems record entries as staff do: one endpoint for every kind of entry the pages record, found by the kind
/// in its address among the recording forms (<see cref="RecordForms"/>), the body's fields bound into that form by the
/// same model binding and checked by the same validation and <see cref="RecordForm.Validate"/>, recorded by the same
/// aggregate call and saved by the one <see cref="RecordSave"/>. Refusals are problem details with each field's
/// message; nothing is saved. An Idempotency-Key makes a retry answer as the first post did; If-Match names the
/// record version the client read, refused (412) once the record has moved on.
/// </summary>
public static class EntryWrites
{
    public const string IdempotencyHeader = "Idempotency-Key";

    /// <summary>The largest body taken: every form's fields fit in far less.</summary>
    public const int MaxBodyBytes = 16 * 1024;

    public static void MapEntryWrites(this RouteGroupBuilder api) =>
        api.MapPost("/prisoners/{number}/entries/{kind}", async Task<IResult> (
            string number, string kind, HttpContext http, PrisonDb db, PrisonDirectory directory, PrisonCalendar calendar, TimeProvider clock, RecordSave save,
            CancellationToken cancellationToken) =>
        {
            if (RecordForms.New(kind) is not { } form)
            {
                return ApiProblems.Of(StatusCodes.Status404NotFound, $"There is no kind of entry '{kind}'. The kinds are {string.Join(", ", RecordForms.All.Select(f => f.Kind))}.");
            }

            if (http.Request.Headers[IdempotencyHeader].ToString() is not { Length: > 0 and <= ApiIdempotencyKey.MaxKey } key)
            {
                return ApiProblems.Of(StatusCodes.Status400BadRequest, $"Send an {IdempotencyHeader} header (1 to {ApiIdempotencyKey.MaxKey} characters), new for each entry and the same when the post is retried.");
            }

            if (await BodyAsync(http, cancellationToken) is not { } body)
            {
                return ApiProblems.Of(StatusCodes.Status413PayloadTooLarge, $"The body is larger than {MaxBodyBytes} bytes.");
            }

            long? ifMatch = null;
            if (http.Request.Headers.IfMatch.ToString() is { Length: > 0 } match)
            {
                if (!long.TryParse(match.Trim().Trim('"'), NumberStyles.None, CultureInfo.InvariantCulture, out var version))
                {
                    return ApiProblems.Of(StatusCodes.Status400BadRequest, "If-Match is the record version the verdict read gave (recordVersion), as \"7\".");
                }

                ifMatch = version;
            }

            var client = http.User.GetClaim(OpenIddictConstants.Claims.Subject)!;
            var hash = Convert.ToHexStringLower(SHA256.HashData([.. Encoding.UTF8.GetBytes($"{form.Kind}\n{number}\n{ifMatch}\n"), .. body]));
            if (await RetriedAsync(db, client, key, hash, cancellationToken) is { } retried)
            {
                return retried;
            }

            if (Fields(body) is not { } fields)
            {
                return ApiProblems.Of(StatusCodes.Status400BadRequest, "The body is a JSON object of the form's fields, each a string, a number or true/false.");
            }

            var scope = PrisonScope.Of(http.User);
            var prisoner = await db.LoadPrisonerAsync(number, Tracking.Tracked, cancellationToken);
            if (prisoner is null || !scope.Reaches(prisoner))
            {
                if (prisoner is not null)
                {
                    await OutOfReachAudit.PrisonerAsync(http, prisoner, cancellationToken);
                }

                return ApiProblems.Of(StatusCodes.Status404NotFound, $"There is no prisoner {number}.");
            }

            if (ifMatch is { } expected && expected != prisoner.ChangeVersion)
            {
                return StaleAnswer(http, number, prisoner.ChangeVersion);
            }

            var now = clock.GetUtcNow().UtcDateTime;
            var prisons = await directory.AllAsync(cancellationToken);
            form.For(prisoner, new RecordContext(calendar.Today(now), now, db.ActorName, prisons, scope.Within(prisons)));
            var errors = new ModelStateDictionary();
            await ApiFormBinding.BindAsync(http, form, fields, errors);
            form.Validate(errors);
            if (!errors.IsValid)
            {
                return ApiProblems.Of(StatusCodes.Status400BadRequest, "Nothing was saved: some fields were refused.", Refusals(errors));
            }

            var verdictUrl = VerdictReads.VerdictPathOf(prisoner.Number);
            string? answer = null;
            var outcome = await save.SaveAsync(form, saved =>
            {
                answer = JsonSerializer.Serialize(new ApiEntrySaved(prisoner.Number, form.Kind, prisoner.ChangeVersion, saved, verdictUrl), AnswerJson);
                return new ApiIdempotencyKey(client, key, hash, prisoner.Id, form.Kind, prisoner.ChangeVersion, answer, now);
            }, cancellationToken);
            switch (outcome.Result)
            {
                case RecordSaveResult.Saved:
                    http.Response.Headers.ETag = $"\"{prisoner.ChangeVersion}\"";
                    http.Response.Headers.Location = verdictUrl;
                    return Results.Text(answer!, "application/json", Encoding.UTF8, StatusCodes.Status201Created);
                case RecordSaveResult.Refused:
                    return ApiProblems.Of(StatusCodes.Status422UnprocessableEntity, outcome.Message);
                default:
                    // A retry of this very post may have committed first; otherwise the record moved under it.
                    return await RetriedAsync(db, client, key, hash, cancellationToken)
                        ?? (outcome.Result == RecordSaveResult.ChangedMeanwhile
                            ? StaleAnswer(http, number, await db.Prisoners.AsNoTracking().Where(p => p.Number == number).Select(p => p.ChangeVersion).FirstAsync(cancellationToken))
                            : ApiProblems.Of(StatusCodes.Status409Conflict, outcome.Message));
            }
        })
        .RequireAuthorization(ApiSetup.WritePolicy)
        .WithName("RecordEntry")
        .WithTags(ApiDocument.EntriesTag)
        .WithSummary("Record an entry on a prisoner's record")
        .WithDescription("Records one entry of the kind in the address, with the fields of that kind's form (the same fields, checks and refusals as the prisoner page). The prisoner's verdict turns Unknown and is evaluated again within moments: read it at the answer's verdictUrl.")
        .Produces<ApiEntrySaved>(StatusCodes.Status201Created)
        .ProducesValidationProblem()
        .ProducesProblem(StatusCodes.Status404NotFound)
        .ProducesProblem(StatusCodes.Status409Conflict)
        .ProducesProblem(StatusCodes.Status412PreconditionFailed)
        .ProducesProblem(StatusCodes.Status413PayloadTooLarge)
        .ProducesProblem(StatusCodes.Status422UnprocessableEntity);

    private static readonly JsonSerializerOptions AnswerJson = new(JsonSerializerDefaults.Web);

    private static IResult StaleAnswer(HttpContext http, string number, long current)
    {
        http.Response.Headers.ETag = $"\"{current}\"";
        return ApiProblems.Of(StatusCodes.Status412PreconditionFailed, $"The record of {number} is at version {current}, not the one this post named: read it again, then post again if the entry still stands.");
    }

    /// <summary>The answer to a post whose key was used: the first answer again for the same post, a refusal for another.</summary>
    private static async Task<IResult?> RetriedAsync(PrisonDb db, string client, string key, string hash, CancellationToken cancellationToken)
    {
        if (await db.ApiIdempotencyKeys.AsNoTracking().FirstOrDefaultAsync(k => k.ClientId == client && k.Key == key, cancellationToken) is not { } used)
        {
            return null;
        }

        return used.RequestHash == hash
            ? Results.Text(used.Answer, "application/json", Encoding.UTF8, StatusCodes.Status201Created)
            : ApiProblems.Of(StatusCodes.Status422UnprocessableEntity, $"The {IdempotencyHeader} '{key}' was used already for another post: use a new key for a new entry.");
    }

    /// <summary>The body, at most <see cref="MaxBodyBytes"/>; null when longer.</summary>
    private static async Task<byte[]?> BodyAsync(HttpContext http, CancellationToken cancellationToken)
    {
        if (http.Request.ContentLength > MaxBodyBytes)
        {
            return null;
        }

        using var buffer = new MemoryStream();
        var chunk = new byte[4096];
        int read;
        while ((read = await http.Request.Body.ReadAsync(chunk, cancellationToken)) > 0)
        {
            if (buffer.Length + read > MaxBodyBytes)
            {
                return null;
            }

            buffer.Write(chunk, 0, read);
        }

        return buffer.ToArray();
    }

    /// <summary>The body's fields as text, as a form would post them; null for anything but an object of strings, numbers and booleans.</summary>
    private static Dictionary<string, StringValues>? Fields(byte[] body)
    {
        try
        {
            using var json = JsonDocument.Parse(body);
            if (json.RootElement.ValueKind != JsonValueKind.Object)
            {
                return null;
            }

            var fields = new Dictionary<string, StringValues>(StringComparer.OrdinalIgnoreCase);
            foreach (var property in json.RootElement.EnumerateObject())
            {
                switch (property.Value.ValueKind)
                {
                    case JsonValueKind.String:
                        fields[property.Name] = property.Value.GetString();
                        break;
                    case JsonValueKind.Number:
                        fields[property.Name] = property.Value.GetRawText();
                        break;
                    case JsonValueKind.True or JsonValueKind.False:
                        fields[property.Name] = property.Value.GetBoolean() ? "true" : "false";
                        break;
                    case JsonValueKind.Null:
                        break;
                    default:
                        return null;
                }
            }

            return fields;
        }
        catch (JsonException)
        {
            return null;
        }
    }

    private static Dictionary<string, string[]> Refusals(ModelStateDictionary errors) =>
        errors.Where(e => e.Value is { Errors.Count: > 0 })
            .ToDictionary(e => e.Key.Length == 0 ? "entry" : e.Key, e => e.Value!.Errors.Select(x => x.ErrorMessage.Length > 0 ? x.ErrorMessage : "This value is not valid.").ToArray());
}
