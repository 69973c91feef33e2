using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using CloudNative.CloudEvents;
using CloudNative.CloudEvents.SystemTextJson;
using Prison.Db.Events;
using Prison.Db.Writes;
using Prison.Domain;
using Prison.Runtime.Evaluation;

using Prison.ServiceDefaults;

namespace Prison.Runtime.Events;

/// <summary>
/// An outbox row as a CloudEvents 1.0 message (structured JSON) and its routing key, <c>{kind}.{prison code}</c>
/// (<c>none</c> when the prisoner is held nowhere). The data names only that prisoner and that prison: no more than a
/// client whose reach is that prison may read of them. web's AsyncAPI document describes each kind's data.
/// </summary>
public sealed class PrisonCloudEvents(CurrentRules rules)
{
    public const string Source = "urn:prison-dashboard";
    public const string TypePrefix = "prison.";
    public const string NoPrison = "none";

    /// <summary>The record version the event reports, to order a prisoner's events by.</summary>
    public static readonly CloudEventAttribute RecordVersion = CloudEventAttribute.CreateExtension("recordversion", CloudEventAttributeType.Integer);

    /// <summary>
    /// The outbox's order, zero-padded so that it compares as text (CloudEvents' sequence extension): a prisoner's events
    /// of one record version (a verdict cleared, then stored) in the order they committed.
    /// </summary>
    public static readonly CloudEventAttribute Sequence = CloudEventAttribute.CreateExtension("sequence", CloudEventAttributeType.String);

    private static readonly JsonEventFormatter Formatter = new(new JsonSerializerOptions(JsonSerializerDefaults.Web), default);

    public OutgoingEvent Of(PrisonEvent row, IReadOnlyDictionary<int, PrisonFacility> prisons)
    {
        var prison = row.PrisonId is { } id ? prisons.GetValueOrDefault(id) : null;
        var cloudEvent = new CloudEvent(CloudEventsSpecVersion.V1_0, [RecordVersion, Sequence])
        {
            Id = row.EventId.ToString(),
            Source = new Uri(Source),
            Type = TypePrefix + row.Kind,
            Subject = row.PrisonerNumber,
            Time = new DateTimeOffset(row.OccurredAtUtc, TimeSpan.Zero),
            DataContentType = "application/json",
            Data = Data(row, prison, prisons),
        };
        cloudEvent[RecordVersion] = checked((int)row.RecordVersion);
        cloudEvent[Sequence] = row.Id.ToString("D20", CultureInfo.InvariantCulture);
        var body = Formatter.EncodeStructuredModeMessage(cloudEvent, out var contentType);
        return new OutgoingEvent(cloudEvent.Id, cloudEvent.Type, $"{row.Kind}.{prison?.Code ?? NoPrison}", contentType.ToString(), body, row.OccurredAtUtc);
    }

    private JsonObject Data(PrisonEvent row, PrisonFacility? prison, IReadOnlyDictionary<int, PrisonFacility> prisons)
    {
        var data = new JsonObject
        {
            ["prisoner"] = new JsonObject { ["id"] = row.PrisonerId, ["number"] = row.PrisonerNumber },
            ["prison"] = Prison(prison),
            ["recordVersion"] = row.RecordVersion,
        };
        if (PrisonEventKinds.IsVerdict(row.Kind))
        {
            data["status"] = row.Status;
            data["reasons"] = Rules(row.Facts, RuleCodes.Parse(row.Reasons ?? ""));
            data["forecast"] = row.ForecastAtUtc is { } at
                ? new JsonObject
                {
                    ["at"] = new DateTimeOffset(at, TimeSpan.Zero),
                    ["status"] = row.ForecastStatus,
                    ["came"] = Rules(row.ForecastCame, null),
                    ["went"] = Rules(row.ForecastWent, null),
                }
                : null;
        }
        else
        {
            data["day"] = row.Day?.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);
            if (row.Kind == PrisonEventKinds.StayTransferred)
            {
                data["fromPrison"] = Prison(row.FromPrisonId is { } from ? prisons.GetValueOrDefault(from) : null);
            }
        }

        return data;
    }

    /// <summary>Each rule with its title in force and its facts; <paramref name="codes"/> orders them when given (a verdict's reasons).</summary>
    private JsonArray Rules(string? factsJson, IReadOnlyList<string>? codes)
    {
        var facts = RuleFacts.FromJson(factsJson).ToDictionary(f => f.Code, f => f.Facts, StringComparer.Ordinal);
        return new JsonArray([.. (codes ?? [.. facts.Keys]).Select(code => (JsonNode)new JsonObject
        {
            ["code"] = code,
            ["title"] = rules.Find(code)?.Title ?? code,
            ["facts"] = new JsonArray([.. facts.GetValueOrDefault(code, []).Select(f => (JsonNode?)f)]),
        })]);
    }

    private static JsonObject? Prison(PrisonFacility? prison) =>
        prison is null ? null : new JsonObject { ["code"] = prison.Code, ["name"] = prison.Name };
}
