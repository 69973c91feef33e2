using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Prison.Domain.Evaluation;
using Prison.Runtime.Evaluation;

namespace Prison.Benchmarks;

/// <summary>The rules as the product ships them (rule 35 disabled, the prison's time zone), for the designs that run them outside the worker.</summary>
public static class BenchmarkRules
{
    private static readonly ServiceProvider Services =
        new ServiceCollection().AddLogging().AddPrisonEvaluation(new ConfigurationBuilder().Build()).BuildServiceProvider();

    /// <summary>The shipped rule set as the worker holds it (no stored settings: the defaults).</summary>
    public static CurrentRules Current() => Services.GetRequiredService<CurrentRules>();

    public static DangerEvaluator Evaluator() => Services.GetRequiredService<DangerEvaluator>();

    public static RuleSet RuleSet() => Services.GetRequiredService<RuleSet>();

    /// <summary>Today in the prison's calendar: the day the SQL of design B compares dates with.</summary>
    public static DateOnly Today() => Services.GetRequiredService<PrisonCalendar>().Today(DateTime.UtcNow);
}
