using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class CurrentlySegregatedTests
{
    private static readonly DateOnly Today = Prisoners.Today;
    private readonly CurrentlySegregated _rule = new();

    [Fact]
    public void Does_not_fire_the_day_before_segregation_starts_but_changes_on_its_start()
    {
        var outcome = Evaluate(start: Today.AddDays(1), end: null);

        Assert.False(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Fires_on_the_day_segregation_starts()
    {
        Assert.True(Evaluate(start: Today, end: null).Fired);
    }

    [Fact]
    public void Fires_while_segregation_has_not_ended()
    {
        var outcome = Evaluate(start: Today.AddDays(-30), end: null);

        Assert.True(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    [Fact]
    public void Fires_the_day_before_segregation_ends_and_changes_on_its_end()
    {
        var outcome = Evaluate(start: Today.AddDays(-10), end: Today.AddDays(1));

        Assert.True(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Does_not_fire_on_the_day_segregation_ended()
    {
        var outcome = Evaluate(start: Today.AddDays(-10), end: Today);

        Assert.False(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    [Fact]
    public void Names_the_segregation_period_as_the_fact()
    {
        Assert.Equal("segregation since 2026-11-11: own protection", Assert.Single(Evaluate(start: Today.AddDays(-10), end: null).Facts));
    }

    private RuleOutcome Evaluate(DateOnly start, DateOnly? end)
    {
        var prisoner = Prisoners.Convicted();
        var period = prisoner.Segregate(start, "own protection");
        if (end is { } day)
        {
            prisoner.EndSegregation(period.Id, day);
        }

        return _rule.Evaluate(prisoner, Today);
    }
}
