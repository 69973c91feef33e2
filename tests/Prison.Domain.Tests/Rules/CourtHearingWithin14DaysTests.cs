using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class CourtHearingWithin14DaysTests
{
    private static readonly DateOnly Today = Prisoners.Today; // 2026-11-21: hearings up to 2026-12-05 count
    private readonly CourtHearingWithin14Days _rule = new();

    [Fact]
    public void Does_not_fire_for_a_hearing_in_15_days_but_changes_tomorrow()
    {
        var outcome = Evaluate(Today.AddDays(15));

        Assert.False(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Fires_for_a_hearing_in_exactly_14_days()
    {
        var outcome = Evaluate(Today.AddDays(14));

        Assert.True(outcome.Fired);
        Assert.Equal(Today.AddDays(15), outcome.NextChange);
    }

    [Fact]
    public void Fires_on_the_day_of_the_hearing_and_changes_the_day_after()
    {
        var outcome = Evaluate(Today);

        Assert.True(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Does_not_fire_for_a_hearing_that_was_yesterday_and_never_changes_again()
    {
        var outcome = Evaluate(Today.AddDays(-1));

        Assert.False(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    [Fact]
    public void Says_the_verdict_changes_when_a_far_hearing_comes_within_14_days()
    {
        var outcome = Evaluate(new DateOnly(2027, 1, 20));

        Assert.False(outcome.Fired);
        Assert.Equal(new DateOnly(2027, 1, 6), outcome.NextChange);
    }

    [Fact]
    public void Lists_each_hearing_within_14_days_as_a_fact_and_takes_the_earliest_change()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.ScheduleCourtHearing(Today.AddDays(10), "Crown Court Leeds");
        prisoner.ScheduleCourtHearing(Today.AddDays(3), "Magistrates Court York");
        prisoner.ScheduleCourtHearing(Today.AddDays(30), "High Court");

        var outcome = _rule.Evaluate(prisoner, Today);

        Assert.True(outcome.Fired);
        Assert.Collection(
            outcome.Facts,
            f => Assert.Contains("Magistrates Court York", f),
            f => Assert.Contains("Crown Court Leeds", f));
        Assert.Equal(Today.AddDays(4), outcome.NextChange);
    }

    [Fact]
    public void Looks_at_the_next_14_days()
    {
        Assert.Equal("next 14 days", _rule.Window);
    }

    private RuleOutcome Evaluate(DateOnly hearingDate)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.ScheduleCourtHearing(hearingDate, "Crown Court Leeds");
        return _rule.Evaluate(prisoner, Today);
    }
}
