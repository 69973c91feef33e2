using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class SecurityThreatGroupMemberTests
{
    private static readonly DateOnly Today = Prisoners.Today;
    private readonly SecurityThreatGroupMember _rule = new();

    [Fact]
    public void Does_not_fire_the_day_before_the_membership_starts_but_changes_on_its_start()
    {
        var outcome = Evaluate(start: Today.AddDays(1), end: null);

        Assert.False(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Fires_on_the_day_the_membership_starts()
    {
        Assert.True(Evaluate(start: Today, end: null).Fired);
    }

    [Fact]
    public void Fires_the_day_before_the_membership_ends_and_changes_on_its_end()
    {
        var outcome = Evaluate(start: Today.AddDays(-100), end: Today.AddDays(1));

        Assert.True(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Does_not_fire_on_the_day_the_membership_ended()
    {
        Assert.False(Evaluate(start: Today.AddDays(-100), end: Today).Fired);
    }

    [Fact]
    public void Does_not_fire_for_an_unverified_membership()
    {
        var outcome = Evaluate(start: Today.AddDays(-100), end: null, verified: false);

        Assert.False(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    [Fact]
    public void Fires_once_an_unverified_membership_is_verified()
    {
        var prisoner = Prisoners.Convicted();
        var membership = prisoner.RecordThreatGroupMembership("Northside Crew", Today.AddDays(-100), verified: false);
        Assert.False(_rule.Evaluate(prisoner, Today).Fired);

        prisoner.VerifyThreatGroupMembership(membership.Id);
        var outcome = _rule.Evaluate(prisoner, Today);

        Assert.True(outcome.Fired);
        Assert.Equal("verified member of Northside Crew since 2026-08-13", Assert.Single(outcome.Facts));
    }

    private RuleOutcome Evaluate(DateOnly start, DateOnly? end, bool verified = true)
    {
        var prisoner = Prisoners.Convicted();
        var membership = prisoner.RecordThreatGroupMembership("Northside Crew", start, verified);
        if (end is { } day)
        {
            prisoner.EndThreatGroupMembership(membership.Id, day);
        }

        return _rule.Evaluate(prisoner, Today);
    }
}
