using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class OnSelfHarmWatchTests
{
    private static readonly DateOnly Today = Prisoners.Today;
    private readonly OnSelfHarmWatch _rule = new();

    [Fact]
    public void Does_not_fire_the_day_before_the_watch_starts_but_changes_on_its_start()
    {
        var outcome = Evaluate(start: Today.AddDays(1), end: null);

        Assert.False(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Fires_on_the_day_the_watch_starts()
    {
        var outcome = Evaluate(start: Today, end: null);

        Assert.True(outcome.Fired);
        Assert.Null(outcome.NextChange);
        Assert.Equal("self-harm watch since 2026-11-21", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Does_not_fire_on_the_day_the_watch_ended()
    {
        var outcome = Evaluate(start: Today.AddDays(-10), end: Today);

        Assert.False(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    [Fact]
    public void Fires_the_day_before_the_watch_ends_and_changes_on_its_end()
    {
        var outcome = Evaluate(start: Today.AddDays(-10), end: Today.AddDays(1));

        Assert.True(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    private RuleOutcome Evaluate(DateOnly start, DateOnly? end)
    {
        var prisoner = Prisoners.Convicted();
        var watch = prisoner.StartSelfHarmWatch(start);
        if (end is { } day)
        {
            prisoner.EndSelfHarmWatch(watch.Id, day);
        }

        return _rule.Evaluate(prisoner, Today);
    }
}
