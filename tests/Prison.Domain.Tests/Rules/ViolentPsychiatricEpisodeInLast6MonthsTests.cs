using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ViolentPsychiatricEpisodeInLast6MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2026-05-21
    private readonly ViolentPsychiatricEpisodeInLast6Months _rule = new();

    [Fact]
    public void Fires_when_violent_episode_is_one_day_inside_window()
    {
        Assert.True(Evaluate(new DateOnly(2026, 5, 22), isViolent: true).Fired);
    }

    [Fact]
    public void Does_not_fire_when_violent_episode_is_dated_exactly_six_months_ago()
    {
        Assert.False(Evaluate(new DateOnly(2026, 5, 21), isViolent: true).Fired);
    }

    [Fact]
    public void Does_not_fire_when_violent_episode_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2026, 5, 20), isViolent: true).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_six_months_after_the_episode()
    {
        var outcome = Evaluate(new DateOnly(2026, 5, 22), isViolent: true);

        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
        Assert.Equal("violent psychiatric episode of 2026-05-22: attacked a nurse", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Does_not_fire_for_an_episode_that_was_not_violent()
    {
        var outcome = Evaluate(new DateOnly(2026, 11, 1), isViolent: false);

        Assert.False(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    private RuleOutcome Evaluate(DateOnly episodeDate, bool isViolent)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordPsychiatricEpisode(episodeDate, isViolent, "attacked a nurse");
        return _rule.Evaluate(prisoner, Today);
    }
}
