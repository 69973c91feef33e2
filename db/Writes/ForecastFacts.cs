using Prison.Domain.Evaluation;

namespace Prison.Db.Writes;

/// <summary>
/// A stored forecast's rules as the database keeps them (migration 024): the rules that come and those that go, each as
/// <see cref="RuleFacts"/> JSON; both empty when the verdict has no forecast, as the database requires.
/// </summary>
public static class ForecastFacts
{
    public static string CameOf(Forecast? forecast) => forecast is null ? string.Empty : RuleFacts.ToJson(forecast.Came);

    public static string WentOf(Forecast? forecast) => forecast is null ? string.Empty : RuleFacts.ToJson(forecast.Went);
}
