using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Tests.Evaluation;

public class ForecastTests
{
    private static readonly TimeZoneInfo NewYork = TimeZoneInfo.FindSystemTimeZoneById("America/New_York");
    private static readonly PrisonCalendar Calendar = new(NewYork);
    private static readonly DateOnly Today = Prisoners.Today;

    [Fact]
    public void A_hearing_entering_its_14_days_is_forecast_as_becoming_dangerous_at_local_midnight_with_the_hearing_as_the_fact()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.ScheduleCourtHearing(Today.AddDays(20), "Crown Court Leeds");

        var verdict = Evaluator().Evaluate(prisoner, Noon(Today));

        Assert.Equal(DangerStatus.NotDangerous, verdict.Status);
        var forecast = Assert.IsType<Forecast>(verdict.Forecast);
        Assert.Equal(Calendar.StartOfDayUtc(Today.AddDays(6)), forecast.AtUtc);
        Assert.Equal(DangerStatus.NotDangerous, forecast.From);
        Assert.Equal(DangerStatus.Dangerous, forecast.To);
        var came = Assert.Single(forecast.Came);
        Assert.Equal("CourtHearingWithin14Days", came.Code);
        Assert.Equal(["hearing at Crown Court Leeds on 2026-12-11"], came.Facts);
        Assert.Empty(forecast.Went);
    }

    [Fact]
    public void When_the_first_next_change_keeps_the_status_the_forecast_is_the_later_instant_that_changes_it()
    {
        var prisoner = Prisoners.Convicted();
        // The notice leaves its 2-month window in 3 days, while the hearing still counts: still Dangerous then.
        prisoner.RecordDisciplinaryNotice(Today.AddMonths(-2).AddDays(3), NoticeType.Other, "refused work");
        prisoner.ScheduleCourtHearing(Today.AddDays(5), "Magistrates Court York");

        var verdict = Evaluator().Evaluate(prisoner, Noon(Today));

        Assert.Equal(DangerStatus.Dangerous, verdict.Status);
        Assert.Equal(Calendar.StartOfDayUtc(Today.AddDays(3)), verdict.ReevaluateAtUtc);
        var forecast = Assert.IsType<Forecast>(verdict.Forecast);
        Assert.Equal(Calendar.StartOfDayUtc(Today.AddDays(6)), forecast.AtUtc);
        Assert.Equal(DangerStatus.Dangerous, forecast.From);
        Assert.Equal(DangerStatus.NotDangerous, forecast.To);
        Assert.Empty(forecast.Came);
        var went = Assert.Single(forecast.Went);
        Assert.Equal("CourtHearingWithin14Days", went.Code);
        Assert.Equal(["hearing at Magistrates Court York on 2026-11-26"], went.Facts);
    }

    [Fact]
    public void A_change_beyond_the_horizon_is_no_forecast()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.ScheduleCourtHearing(Today.AddDays(14 + Forecast.HorizonDays + 2), "High Court");

        var verdict = Evaluator().Evaluate(prisoner, Noon(Today));

        Assert.NotNull(verdict.ReevaluateAtUtc);
        Assert.Null(verdict.Forecast);
    }

    [Fact]
    public void A_verdict_nothing_can_change_with_time_has_no_forecast()
    {
        Assert.Null(Evaluator().Evaluate(Prisoners.Convicted(), Noon(Today)).Forecast);
    }

    [Fact]
    public void Evaluating_at_the_forecast_instant_gives_the_forecast_status_and_rules()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(Today.AddMonths(-2).AddDays(4), NoticeType.Other, "late for roll call");
        var segregation = prisoner.Segregate(Today.AddDays(-2), "fight");
        prisoner.EndSegregation(segregation.Id, Today.AddDays(9));
        prisoner.ScheduleCourtHearing(Today.AddDays(25), "Crown Court Leeds");
        var evaluator = Evaluator();

        var verdict = evaluator.Evaluate(prisoner, Noon(Today));
        var forecast = Assert.IsType<Forecast>(verdict.Forecast);
        var then = evaluator.Evaluate(prisoner, forecast.AtUtc);
        var justBefore = evaluator.Evaluate(prisoner, forecast.AtUtc.AddSeconds(-1));

        Assert.Equal(forecast.To, then.Status);
        Assert.Equal(forecast.From, justBefore.Status);
        Assert.Equal(
            then.FiredRules.Select(f => f.Code).Except(justBefore.FiredRules.Select(f => f.Code)),
            forecast.Came.Select(f => f.Code));
        Assert.Equal(
            justBefore.FiredRules.Select(f => f.Code).Except(then.FiredRules.Select(f => f.Code)),
            forecast.Went.Select(f => f.Code));
    }

    /// <summary>The walk re-runs only the rules whose next change came; evaluating every rule on every day must agree.</summary>
    [Fact]
    public void The_forecast_is_what_evaluating_every_rule_day_by_day_finds_over_forty_made_up_records()
    {
        var forecasts = 0;
        for (var seed = 0; seed < 40; seed++)
        {
            var (expected, actual) = DayByDay(seed);
            Assert.Equal((seed, Words(expected)), (seed, Words(actual)));
            forecasts += actual is null ? 0 : 1;
        }

        Assert.True(forecasts >= 10, $"only {forecasts} of the records had a forecast");
    }

    private static (Forecast? Expected, Forecast? Actual) DayByDay(int seed)
    {
        var random = new Random(seed);
        var prisoner = Prisoners.Convicted();
        for (var n = 0; n < 5; n++)
        {
            switch (random.Next(4))
            {
                case 0:
                    prisoner.ScheduleCourtHearing(Today.AddDays(random.Next(-3, 45)), $"court {n}");
                    break;
                case 1:
                    prisoner.RecordDisciplinaryNotice(Today.AddMonths(-2).AddDays(random.Next(0, 35)), NoticeType.Other, $"notice {n}");
                    break;
                case 2:
                    var period = prisoner.Segregate(Today.AddDays(random.Next(-10, 20)), $"reason {n}");
                    prisoner.EndSegregation(period.Id, period.Period.Start.AddDays(random.Next(1, 15)));
                    break;
                default:
                    prisoner.RecordDrugTest(Today.AddMonths(-3).AddDays(random.Next(0, 40)), DrugTestResult.Failed);
                    break;
            }
        }

        var evaluator = Evaluator();
        var verdict = evaluator.Evaluate(prisoner, Noon(Today));
        var before = verdict;
        for (var day = Today.AddDays(1); Calendar.StartOfDayUtc(day) <= Noon(Today) + Forecast.Horizon; day = day.AddDays(1))
        {
            var then = evaluator.Evaluate(prisoner, Calendar.StartOfDayUtc(day));
            if (then.Status != verdict.Status)
            {
                return (new Forecast(
                    Calendar.StartOfDayUtc(day), verdict.Status, then.Status,
                    [.. then.FiredRules.Where(f => !before.FiredRules.Any(b => b.Code == f.Code))],
                    [.. before.FiredRules.Where(b => !then.FiredRules.Any(f => f.Code == b.Code))]), verdict.Forecast);
            }

            before = then;
        }

        return (null, verdict.Forecast);
    }

    private static string Words(Forecast? forecast) =>
        forecast is null ? "none" : $"{forecast.AtUtc:O} {forecast.From}->{forecast.To} came [{Rules(forecast.Came)}] went [{Rules(forecast.Went)}]";

    private static string Rules(IReadOnlyList<FiredRule> rules) => string.Join("; ", rules.Select(r => $"{r.Code}: {string.Join(", ", r.Facts)}"));

    private static DangerEvaluator Evaluator() => new(new RuleSet(RuleCatalog.BuiltIn()), Calendar);

    private static DateTime Noon(DateOnly day) => Calendar.StartOfDayUtc(day).AddHours(12);
}
