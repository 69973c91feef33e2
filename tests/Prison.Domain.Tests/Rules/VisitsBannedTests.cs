using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class VisitsBannedTests
{
    private static readonly DateOnly Today = Prisoners.Today;
    private readonly VisitsBanned _rule = new();

    [Fact]
    public void Does_not_fire_the_day_before_the_ban_starts_but_changes_on_its_start()
    {
        var outcome = Evaluate(start: Today.AddDays(1), end: null);

        Assert.False(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Fires_on_the_day_the_ban_starts()
    {
        var outcome = Evaluate(start: Today, end: null);

        Assert.True(outcome.Fired);
        Assert.Equal("visit ban since 2026-11-21: drugs passed on a visit", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Does_not_fire_on_the_day_the_ban_ended()
    {
        Assert.False(Evaluate(start: Today.AddDays(-10), end: Today).Fired);
    }

    [Fact]
    public void Fires_the_day_before_the_ban_ends_and_changes_on_its_end()
    {
        var outcome = Evaluate(start: Today.AddDays(-10), end: Today.AddDays(1));

        Assert.True(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Does_not_fire_on_the_day_the_ban_is_lifted()
    {
        var prisoner = Prisoners.Convicted();
        var ban = prisoner.BanVisits(Today.AddDays(-10), end: null, "drugs passed on a visit");
        prisoner.LiftVisitBan(ban.Id, Today);

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    private RuleOutcome Evaluate(DateOnly start, DateOnly? end)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.BanVisits(start, end, "drugs passed on a visit");
        return _rule.Evaluate(prisoner, Today);
    }
}
