using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Evaluation;

public class DangerEvaluatorTests
{
    private static readonly TimeZoneInfo NewYork = TimeZoneInfo.FindSystemTimeZoneById("America/New_York");
    private static readonly PrisonCalendar Calendar = new(NewYork);

    [Fact]
    public void A_prisoner_no_rule_fires_for_is_not_dangerous()
    {
        var verdict = Evaluator().Evaluate(Prisoners.Convicted(), Noon(Prisoners.Today));

        Assert.Equal(DangerStatus.NotDangerous, verdict.Status);
        Assert.Empty(verdict.FiredRules);
    }

    [Fact]
    public void A_prisoner_any_rule_fires_for_is_dangerous_and_the_verdict_names_the_rules_with_their_facts()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.ChangeLegalStatus(LegalStatus.Remand);
        prisoner.RecordDisciplinaryNotice(Prisoners.Today.AddDays(-3), NoticeType.Other, "refused to return to cell");

        var verdict = Evaluator().Evaluate(prisoner, Noon(Prisoners.Today));

        Assert.Equal(DangerStatus.Dangerous, verdict.Status);
        Assert.Equal(["DisciplinaryNoticeInLast2Months", "NotConvicted"], verdict.FiredRules.Select(f => f.Code));
        Assert.Contains("refused to return to cell", verdict.FiredRules[0].Facts.Single());
    }

    [Fact]
    public void Reevaluates_at_local_midnight_of_the_earliest_day_any_rule_changes()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 10, 1), NoticeType.Other, "late for roll call");
        prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 9, 25), NoticeType.Other, "refused work");

        var verdict = Evaluator().Evaluate(prisoner, Noon(Prisoners.Today));

        // The notice of 25 September leaves the 2-month window on 25 November; New York is UTC-5 then.
        Assert.Equal(new DateTime(2026, 11, 25, 5, 0, 0, DateTimeKind.Utc), verdict.ReevaluateAtUtc);
    }

    [Fact]
    public void Today_is_the_prison_local_date_not_the_utc_date()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 9, 22), NoticeType.Other, "late");
        // 03:00 UTC on 22 November is still 21 November in New York, when the notice still counts.
        var justAfterUtcMidnight = new DateTime(2026, 11, 22, 3, 0, 0, DateTimeKind.Utc);

        Assert.Equal(DangerStatus.Dangerous, Evaluator().Evaluate(prisoner, justAfterUtcMidnight).Status);
    }

    [Fact]
    public void Has_no_reevaluation_time_when_nothing_depends_on_time()
    {
        Assert.Null(Evaluator().Evaluate(Prisoners.Convicted(), Noon(Prisoners.Today)).ReevaluateAtUtc);
    }

    [Fact]
    public void Records_the_rule_set_it_used()
    {
        var evaluator = Evaluator();

        Assert.Equal(evaluator.RuleSet.Id, evaluator.Evaluate(Prisoners.Convicted(), Noon(Prisoners.Today)).RuleSetId);
    }

    private static DangerEvaluator Evaluator() => new(new RuleSet(RuleCatalog.BuiltIn()), Calendar);

    private static DateTime Noon(DateOnly day) => Calendar.StartOfDayUtc(day).AddHours(12);
}
