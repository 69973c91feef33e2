using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Tests.Evaluation;

/// <summary>
/// The evaluation's work per prisoner, counted (EvaluationWork), never timed: every rule once for the verdict, and for
/// the forecast only the days some rule's conclusion may change on, each re-running only those rules. A budget here
/// fails when the walk comes back to re-running every rule at each day, to walking day by day, or to walking at all
/// for a prisoner whom a lasting rule keeps Dangerous. Its memory too, in bytes allocated on the evaluating thread: a
/// full re-evaluation runs every rule over every prisoner, and what the rules allocate is paid again in the collector.
/// A rule that reads a kind of entry the record does not hold allocates nothing, and facts are made only for rules that
/// fire; the byte budgets fail when rules go back to copying or wrapping every collection they read.
/// </summary>
public class EvaluationWorkTests
{
    private static readonly PrisonCalendar Calendar = new(TimeZoneInfo.Utc);
    private static readonly DangerEvaluator Evaluator = new(new RuleSet(RuleCatalog.BuiltIn()), Calendar);
    private static readonly DateOnly Today = Prisoners.Today;
    private static readonly int Rules = Evaluator.RuleSet.Rules.Count;

    /// <summary>Bytes per prisoner evaluated; rules that copied every collection they read allocated twice these.</summary>
    private const long QuietPrisonerBytes = 3_500;

    private const long MixedPopulationBytes = 8_500;

    [Fact]
    public void A_prisoner_a_lasting_rule_keeps_dangerous_costs_each_rule_once_and_no_forecast_step_however_many_windows_close()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordEscape(new DateOnly(2015, 3, 1), EscapeKind.Escape);
        for (var n = 0; n < 10; n++)
        {
            // Notices leaving their 2-month window on ten different days of the horizon.
            prisoner.RecordDisciplinaryNotice(Today.AddMonths(-2).AddDays(1 + (2 * n)), NoticeType.Other, $"notice {n}");
        }

        var work = new EvaluationWork();
        var verdict = Evaluator.Evaluate(prisoner, Noon, work);

        Assert.Equal(DangerStatus.Dangerous, verdict.Status);
        Assert.Null(verdict.Forecast);
        Assert.Equal((Rules, 0L), (work.RuleRuns, work.ForecastSteps));
    }

    [Fact]
    public void The_forecast_walk_goes_straight_to_the_day_a_conclusion_may_change_and_re_runs_only_the_rules_of_that_day()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.ScheduleCourtHearing(Today.AddDays(34), "Crown Court Leeds");

        var work = new EvaluationWork();
        var verdict = Evaluator.Evaluate(prisoner, Noon, work);

        // Dangerous from day 20, when the hearing enters its 14 days: one step (not twenty days), one rule run again.
        Assert.Equal(Calendar.StartOfDayUtc(Today.AddDays(20)), verdict.Forecast?.AtUtc);
        Assert.Equal(1, work.ForecastSteps);
        Assert.InRange(work.RuleRuns, Rules + 1, Rules + 2);
    }

    [Fact]
    public void A_mixed_population_costs_at_most_a_quarter_more_rule_runs_than_one_pass_of_the_rules()
    {
        var work = new EvaluationWork();
        foreach (var prisoner in Population(400))
        {
            Evaluator.Evaluate(prisoner, Noon, work);
        }

        Assert.Equal(400, work.Prisoners);
        Assert.InRange(work.RuleRuns, 400 * Rules, 400 * Rules * 5 / 4);
        Assert.InRange(work.ForecastSteps, 1, 400);
    }

    [Fact]
    public void A_prisoner_with_a_quiet_record_is_evaluated_in_little_more_memory_than_the_verdict_itself()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordCharge("theft", OffenceCategory.Other, isViolent: false);

        var bytes = BytesPerPrisoner([prisoner]);

        Assert.Equal(DangerStatus.NotDangerous, Evaluator.Evaluate(prisoner, Noon).Status);
        Assert.InRange(bytes, 1, QuietPrisonerBytes);
    }

    [Fact]
    public void A_mixed_population_is_evaluated_within_its_budget_of_bytes_per_prisoner()
    {
        var bytes = BytesPerPrisoner([.. Population(400)]);

        Assert.InRange(bytes, 1, MixedPopulationBytes);
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

    /// <summary>Deterministic records of every shape the walk meets: notices in and leaving windows, hearings, escapes.</summary>
    private static IEnumerable<Prisoner> Population(int count)
    {
        for (var i = 0; i < count; i++)
        {
            var prisoner = Prisoners.Convicted();
            for (var n = 0; n < i % 6; n++)
            {
                prisoner.RecordDisciplinaryNotice(Today.AddDays(-((i * 7) + (n * 11)) % 400), (NoticeType)((i + n) % 4), $"notice {n}");
            }

            if (i % 3 == 0)
            {
                prisoner.ScheduleCourtHearing(Today.AddDays(i % 50), "Court");
            }

            if (i % 10 == 0)
            {
                prisoner.RecordEscape(new DateOnly(2010, 1, 1).AddDays(i), EscapeKind.AttemptedEscape);
            }

            yield return prisoner;
        }
    }
}
