using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class HighGradeIntelligenceInLast3MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2026-08-21
    private readonly HighGradeIntelligenceInLast3Months _rule = new();

    [Fact]
    public void Fires_when_high_grade_report_is_one_day_inside_window()
    {
        Assert.True(Evaluate(new DateOnly(2026, 8, 22)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_high_grade_report_is_dated_exactly_three_months_ago()
    {
        Assert.False(Evaluate(new DateOnly(2026, 8, 21)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_high_grade_report_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2026, 8, 20)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_the_day_the_report_leaves_the_window()
    {
        var outcome = Evaluate(new DateOnly(2026, 8, 22));

        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
        Assert.False(Evaluate(new DateOnly(2026, 8, 22), on: new DateOnly(2026, 11, 22)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_three_months_after_a_recent_report()
    {
        var outcome = Evaluate(new DateOnly(2026, 11, 1));

        Assert.True(outcome.Fired);
        Assert.Equal(new DateOnly(2027, 2, 1), outcome.NextChange);
    }

    [Theory]
    [InlineData(IntelligenceGrade.Low)]
    [InlineData(IntelligenceGrade.Medium)]
    public void Does_not_fire_for_a_report_of_a_lower_grade(IntelligenceGrade grade)
    {
        Assert.False(Evaluate(new DateOnly(2026, 11, 1), grade: grade).Fired);
    }

    [Fact]
    public void Names_the_report_as_the_fact()
    {
        Assert.Contains("planning an assault on staff", Assert.Single(Evaluate(new DateOnly(2026, 11, 1)).Facts));
    }

    private RuleOutcome Evaluate(DateOnly reportDate, DateOnly? on = null, IntelligenceGrade grade = IntelligenceGrade.High)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordIntelligence(reportDate, grade, "planning an assault on staff");
        return _rule.Evaluate(prisoner, on ?? Today);
    }
}
