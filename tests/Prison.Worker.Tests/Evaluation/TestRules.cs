using Microsoft.Extensions.Logging.Abstractions;
using Prison.Domain.Evaluation;
using Prison.Runtime.Evaluation;

namespace Prison.Worker.Tests.Evaluation;

/// <summary>The rules a worker holds, as it composes them at start: the built-in ones, the shipped defaults, and any given.</summary>
internal static class TestRules
{
    public static CurrentRules Current(params DangerRule[] more)
    {
        IReadOnlyList<DangerRule> all = [.. RuleCatalog.BuiltIn(), .. more];
        return new CurrentRules(all, CurrentRules.DisabledByDefault(EvaluationSetup.ShippedDisabledRules, [.. all.Select(r => r.Code)]), new PrisonCalendar(TimeZoneInfo.Utc), NullLogger<CurrentRules>.Instance);
    }
}
