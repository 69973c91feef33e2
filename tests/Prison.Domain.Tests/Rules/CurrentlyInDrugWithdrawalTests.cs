using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class CurrentlyInDrugWithdrawalTests
{
    private static readonly DateOnly Today = Prisoners.Today;
    private readonly CurrentlyInDrugWithdrawal _rule = new();

    [Fact]
    public void Does_not_fire_the_day_before_the_episode_starts_but_changes_on_its_start()
    {
        var outcome = Evaluate(start: Today.AddDays(1), end: null);

        Assert.False(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Fires_on_the_day_the_episode_starts()
    {
        Assert.True(Evaluate(start: Today, end: null).Fired);
    }

    [Fact]
    public void Fires_while_the_episode_has_not_ended()
    {
        var outcome = Evaluate(start: Today.AddDays(-30), end: null);

        Assert.True(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    [Fact]
    public void Fires_the_day_before_the_episode_ends_and_changes_on_its_end()
    {
        var outcome = Evaluate(start: Today.AddDays(-10), end: Today.AddDays(1));

        Assert.True(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Does_not_fire_on_the_day_the_episode_ended()
    {
        Assert.False(Evaluate(start: Today.AddDays(-10), end: Today).Fired);
    }

    [Fact]
    public void Does_not_fire_the_day_after_the_episode_ended()
    {
        Assert.False(Evaluate(start: Today.AddDays(-10), end: Today.AddDays(-1)).Fired);
    }

    private RuleOutcome Evaluate(DateOnly start, DateOnly? end)
    {
        var prisoner = Prisoners.Convicted();
        var episode = prisoner.StartWithdrawal(start, "opioids");
        if (end is { } day)
        {
            prisoner.EndWithdrawal(episode.Id, day);
        }

        return _rule.Evaluate(prisoner, Today);
    }
}
