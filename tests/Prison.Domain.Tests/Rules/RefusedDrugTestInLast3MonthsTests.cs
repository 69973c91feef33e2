using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class RefusedDrugTestInLast3MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2026-08-21
    private readonly RefusedDrugTestInLast3Months _rule = new();

    [Fact]
    public void Fires_when_refused_test_is_one_day_inside_window()
    {
        Assert.True(Evaluate(new DateOnly(2026, 8, 22)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_refused_test_is_dated_exactly_three_months_ago()
    {
        Assert.False(Evaluate(new DateOnly(2026, 8, 21)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_refused_test_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2026, 8, 20)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_the_day_the_refused_test_leaves_the_window()
    {
        var outcome = Evaluate(new DateOnly(2026, 8, 22));

        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
        Assert.False(Evaluate(new DateOnly(2026, 8, 22), on: new DateOnly(2026, 11, 22)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_three_months_after_a_recent_refused_test()
    {
        var outcome = Evaluate(new DateOnly(2026, 11, 1));

        Assert.True(outcome.Fired);
        Assert.Equal(new DateOnly(2027, 2, 1), outcome.NextChange);
    }

    [Theory]
    [InlineData(DrugTestResult.Negative)]
    [InlineData(DrugTestResult.Failed)]
    public void Does_not_fire_for_a_test_with_another_result(DrugTestResult result)
    {
        Assert.False(Evaluate(new DateOnly(2026, 11, 1), result: result).Fired);
    }

    [Fact]
    public void Names_the_refused_test_as_the_fact()
    {
        Assert.Equal("drug test of 2026-11-01: refused", Assert.Single(Evaluate(new DateOnly(2026, 11, 1)).Facts));
    }

    private RuleOutcome Evaluate(DateOnly testDate, DateOnly? on = null, DrugTestResult result = DrugTestResult.Refused)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDrugTest(testDate, result);
        return _rule.Evaluate(prisoner, on ?? Today);
    }
}
