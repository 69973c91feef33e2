using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class VacationRequestDeniedInLast3MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2026-08-21
    private readonly VacationRequestDeniedInLast3Months _rule = new();

    [Fact]
    public void Fires_when_denied_request_is_one_day_inside_window()
    {
        Assert.True(Evaluate(new DateOnly(2026, 8, 22), RequestDecision.Denied).Fired);
    }

    [Fact]
    public void Does_not_fire_when_denied_request_is_dated_exactly_three_months_ago()
    {
        Assert.False(Evaluate(new DateOnly(2026, 8, 21), RequestDecision.Denied).Fired);
    }

    [Fact]
    public void Does_not_fire_when_denied_request_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2026, 8, 20), RequestDecision.Denied).Fired);
    }

    [Theory]
    [InlineData(RequestDecision.Granted)]
    [InlineData(RequestDecision.Pending)]
    public void Does_not_fire_for_a_request_that_was_not_denied(RequestDecision decision)
    {
        Assert.False(Evaluate(new DateOnly(2026, 11, 1), decision).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_denied_request_of_another_type()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordRequest(RequestType.Transfer, new DateOnly(2026, 11, 1), RequestDecision.Denied);

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    [Fact]
    public void Fires_once_a_pending_request_is_denied()
    {
        var prisoner = Prisoners.Convicted();
        var request = prisoner.RecordRequest(RequestType.TemporaryLeave, new DateOnly(2026, 11, 1));
        prisoner.DecideRequest(request.Id, RequestDecision.Denied);

        var outcome = _rule.Evaluate(prisoner, Today);

        Assert.True(outcome.Fired);
        Assert.Equal(new DateOnly(2027, 2, 1), outcome.NextChange);
    }

    private RuleOutcome Evaluate(DateOnly requestDate, RequestDecision decision)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordRequest(RequestType.TemporaryLeave, requestDate, decision);
        return _rule.Evaluate(prisoner, Today);
    }
}
