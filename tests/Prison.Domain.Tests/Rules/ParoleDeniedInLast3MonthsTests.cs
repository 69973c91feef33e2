using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ParoleDeniedInLast3MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2026-08-21
    private readonly ParoleDeniedInLast3Months _rule = new();

    [Fact]
    public void Fires_when_denied_parole_request_is_one_day_inside_window()
    {
        var outcome = Evaluate(new DateOnly(2026, 8, 22), RequestDecision.Denied);

        Assert.True(outcome.Fired);
        Assert.Equal("Parole request of 2026-08-22: denied", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Does_not_fire_when_denied_parole_request_is_dated_exactly_three_months_ago()
    {
        Assert.False(Evaluate(new DateOnly(2026, 8, 21), RequestDecision.Denied).Fired);
    }

    [Fact]
    public void Does_not_fire_when_denied_parole_request_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2026, 8, 20), RequestDecision.Denied).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_three_months_after_the_request()
    {
        Assert.Equal(new DateOnly(2026, 11, 22), Evaluate(new DateOnly(2026, 8, 22), RequestDecision.Denied).NextChange);
        Assert.Equal(new DateOnly(2027, 2, 1), Evaluate(new DateOnly(2026, 11, 1), RequestDecision.Denied).NextChange);
    }

    [Theory]
    [InlineData(RequestDecision.Granted)]
    [InlineData(RequestDecision.Pending)]
    public void Does_not_fire_for_a_parole_request_that_was_not_denied(RequestDecision decision)
    {
        Assert.False(Evaluate(new DateOnly(2026, 11, 1), decision).Fired);
    }

    [Theory]
    [InlineData(RequestType.TemporaryLeave)]
    [InlineData(RequestType.Transfer)]
    public void Does_not_fire_for_a_denied_request_of_another_type(RequestType type)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordRequest(type, new DateOnly(2026, 11, 1), RequestDecision.Denied);

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    [Fact]
    public void Fires_once_a_pending_parole_request_is_denied()
    {
        var prisoner = Prisoners.Convicted();
        var request = prisoner.RecordRequest(RequestType.Parole, new DateOnly(2026, 11, 1));
        prisoner.DecideRequest(request.Id, RequestDecision.Denied);

        Assert.True(_rule.Evaluate(prisoner, Today).Fired);
    }

    private RuleOutcome Evaluate(DateOnly requestDate, RequestDecision decision)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordRequest(RequestType.Parole, requestDate, decision);
        return _rule.Evaluate(prisoner, Today);
    }
}
