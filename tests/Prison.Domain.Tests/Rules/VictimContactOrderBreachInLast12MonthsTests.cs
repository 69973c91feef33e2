using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class VictimContactOrderBreachInLast12MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2025-11-21
    private readonly VictimContactOrderBreachInLast12Months _rule = new();

    [Fact]
    public void Fires_when_breach_is_one_day_inside_window()
    {
        Assert.True(Evaluate(new DateOnly(2025, 11, 22)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_breach_is_dated_exactly_twelve_months_ago()
    {
        Assert.False(Evaluate(new DateOnly(2025, 11, 21)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_breach_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2025, 11, 20)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_twelve_months_after_the_breach()
    {
        var outcome = Evaluate(new DateOnly(2025, 11, 22));

        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
        Assert.Equal("no-contact order breach of 2025-11-22: letter sent to the victim", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Does_not_fire_without_a_breach_but_for_other_intelligence()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordIntelligence(new DateOnly(2026, 11, 1), IntelligenceGrade.High, "asked about the victim's address");

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    private RuleOutcome Evaluate(DateOnly breachDate)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordContactOrderBreach(breachDate, "letter sent to the victim");
        return _rule.Evaluate(prisoner, Today);
    }
}
