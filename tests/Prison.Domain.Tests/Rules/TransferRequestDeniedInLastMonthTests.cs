using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class TransferRequestDeniedInLastMonthTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2026-10-21
    private readonly TransferRequestDeniedInLastMonth _rule = new();

    [Fact]
    public void Fires_when_denied_request_is_one_day_inside_window()
    {
        Assert.True(Evaluate(new DateOnly(2026, 10, 22), RequestDecision.Denied).Fired);
    }

    [Fact]
    public void Does_not_fire_when_denied_request_is_dated_exactly_one_month_ago()
    {
        Assert.False(Evaluate(new DateOnly(2026, 10, 21), RequestDecision.Denied).Fired);
    }

    [Fact]
    public void Does_not_fire_when_denied_request_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2026, 10, 20), RequestDecision.Denied).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_one_month_after_the_request()
    {
        var outcome = Evaluate(new DateOnly(2026, 10, 22), RequestDecision.Denied);

        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
        Assert.Equal("Transfer request of 2026-10-22: denied", Assert.Single(outcome.Facts));
    }

    [Theory]
    [InlineData(RequestDecision.Granted)]
    [InlineData(RequestDecision.Pending)]
    public void Does_not_fire_for_a_transfer_request_that_was_not_denied(RequestDecision decision)
    {
        Assert.False(Evaluate(new DateOnly(2026, 11, 1), decision).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_denied_request_of_another_type()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordRequest(RequestType.TemporaryLeave, new DateOnly(2026, 11, 1), RequestDecision.Denied);

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    private RuleOutcome Evaluate(DateOnly requestDate, RequestDecision decision)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordRequest(RequestType.Transfer, requestDate, decision);
        return _rule.Evaluate(prisoner, Today);
    }
}
