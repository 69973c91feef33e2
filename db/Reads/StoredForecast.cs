using Prison.Db.Writes;
using Prison.Domain;
using Prison.Domain.Evaluation;

namespace Prison.Db.Reads;

/// <summary>A stored verdict's forecast as the database keeps it (migration 024): when, to what, and the rules that come and go as JSON.</summary>
public sealed record StoredForecast(DateTime? AtUtc, DangerStatus? To, string Came, string Went)
{
    public static StoredForecast None { get; } = new(null, null, string.Empty, string.Empty);

    /// <summary>How the verdict write stores <paramref name="forecast"/>: comparing the two says whether they are the same forecast.</summary>
    public static StoredForecast Of(Forecast? forecast) =>
        forecast is null ? None : new(forecast.AtUtc, forecast.To, ForecastFacts.CameOf(forecast), ForecastFacts.WentOf(forecast));

    public override string ToString() =>
        AtUtc is { } at ? $"{To} at {at:yyyy-MM-dd HH:mm} UTC (comes {Codes(Came)}; ends {Codes(Went)})" : "none";

    private static string Codes(string json) => RuleFacts.FromJson(json) is { Count: > 0 } rules ? string.Join(" ", rules.Select(r => r.Code)) : "nothing";
}
