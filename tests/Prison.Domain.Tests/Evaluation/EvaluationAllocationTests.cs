using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Tests.Evaluation;

/// <summary>
/// The evaluation's memory per prisoner, counted in bytes allocated on the evaluating thread (never timed): a full
/// re-evaluation runs every rule over every prisoner, and what the rules allocate is paid again in the collector.
/// A rule that reads a kind of entry the record does not hold allocates nothing; facts are made only for rules that
/// fire. The budgets fail when rules go back to copying or wrapping every collection they read (LINQ over empty
/// lists, a list per rule per prisoner).
/// </summary>
public class EvaluationAllocationTests
{
    private static readonly PrisonCalendar Calendar = new(TimeZoneInfo.Utc);
    private static readonly DangerEvaluator Evaluator = new(new RuleSet(RuleCatalog.BuiltIn()), Calendar);
    private static readonly DateOnly Today = Prisoners.Today;

    [Fact]
    public void A_prisoner_with_a_quiet_record_is_evaluated_in_little_more_than_the_verdict_itself()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordCharge("theft", OffenceCategory.Other, isViolent: false);

        var bytes = BytesPerPrisoner([prisoner]);

        Assert.Equal(DangerStatus.NotDangerous, Evaluator.Evaluate(prisoner, Noon).Status);
        Assert.InRange(bytes, 1, Budget.QuietPrisoner);
    }

    [Fact]
    public void A_mixed_population_is_evaluated_within_its_budget_of_bytes_per_prisoner()
    {
        var population = EvaluationWorkTests.Population(400).ToList();

        var bytes = BytesPerPrisoner(population);

        Assert.InRange(bytes, 1, Budget.MixedPopulation);
    }

    private static DateTime Noon => Calendar.StartOfDayUtc(Today).AddHours(12);

    /// <summary>The bytes one evaluation allocates, on average, once each prisoner has been evaluated once (the rules' first calls set up statics).</summary>
    private static long BytesPerPrisoner(IReadOnlyList<Prisoner> prisoners)
    {
        foreach (var prisoner in prisoners)
        {
            Evaluator.Evaluate(prisoner, Noon);
        }

        var before = GC.GetAllocatedBytesForCurrentThread();
        foreach (var prisoner in prisoners)
        {
            Evaluator.Evaluate(prisoner, Noon);
        }

        return (GC.GetAllocatedBytesForCurrentThread() - before) / prisoners.Count;
    }

    /// <summary>Bytes per prisoner; rules that copied every collection they read allocated twice these.</summary>
    private static class Budget
    {
        public const long QuietPrisoner = 3_500;

        public const long MixedPopulation = 8_500;
    }
}
