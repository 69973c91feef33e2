using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ThreatToStaffInLast6MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2026-05-21
    private readonly ThreatToStaffInLast6Months _rule = new();

    [Fact]
    public void Fires_when_threat_notice_is_one_day_inside_window()
    {
        Assert.True(Evaluate(new DateOnly(2026, 5, 22)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_threat_notice_is_dated_exactly_six_months_ago()
    {
        Assert.False(Evaluate(new DateOnly(2026, 5, 21)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_threat_notice_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2026, 5, 20)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_the_day_the_threat_notice_leaves_the_window()
    {
        var outcome = Evaluate(new DateOnly(2026, 5, 22));

        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
        Assert.False(Evaluate(new DateOnly(2026, 5, 22), on: new DateOnly(2026, 11, 22)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_six_months_after_a_recent_threat_notice()
    {
        var outcome = Evaluate(new DateOnly(2026, 10, 1));

        Assert.True(outcome.Fired);
        Assert.Equal(new DateOnly(2027, 4, 1), outcome.NextChange);
    }

    [Theory]
    [InlineData(NoticeType.Other)]
    [InlineData(NoticeType.AssaultOnStaff)]
    [InlineData(NoticeType.HostageTaking)]
    public void Does_not_fire_for_a_notice_of_another_type(NoticeType type)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 11, 1), type, "not a threat");

        var outcome = _rule.Evaluate(prisoner, Today);

        Assert.False(outcome.Fired);
        Assert.Null(outcome.NextChange);
    }

    [Fact]
    public void Names_the_threat_notice_as_the_fact()
    {
        Assert.Contains("threatened an officer", Assert.Single(Evaluate(new DateOnly(2026, 11, 1)).Facts));
    }

    private RuleOutcome Evaluate(DateOnly noticeDate, DateOnly? on = null)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(noticeDate, NoticeType.Threat, "threatened an officer");
        return _rule.Evaluate(prisoner, on ?? Today);
    }
}
