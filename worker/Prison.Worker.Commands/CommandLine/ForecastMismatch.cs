using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;

namespace Prison.Worker.CommandLine;

/// <summary>
/// A stored forecast that differs from the one the rules make over the same record at the instant the verdict was
/// evaluated: the forecast belongs to that instant (its horizon starts there), so it is recomputed from there.
/// </summary>
internal sealed record ForecastMismatch(Prisoner Prisoner, StoredForecast Stored, StoredForecast Fresh)
{
    /// <summary>
    /// Null when the forecast agrees, or is not the evaluator's to check: no known verdict, or one made with another rule
    /// set (pages show neither, and the run applying the rule set in force replaces it).
    /// </summary>
    public static ForecastMismatch? Between(Prisoner prisoner, StoredForecast stored, DangerEvaluator evaluator)
    {
        if (prisoner.DangerStatus == DangerStatus.Unknown || prisoner.RuleSet != evaluator.RuleSet.Id || prisoner.EvaluatedAtUtc is not { } evaluatedAt)
        {
            return null;
        }

        var fresh = StoredForecast.Of(evaluator.Evaluate(prisoner, evaluatedAt).Forecast);
        return fresh == stored ? null : new ForecastMismatch(prisoner, stored, fresh);
    }
}
