using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class DisciplinaryNoticeInLast2MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // 2026-11-21: the window starts after 2026-09-21
    private readonly DisciplinaryNoticeInLast2Months _rule = new();

    [Fact]
    public void Fires_when_notice_is_one_day_inside_window()
    {
        Assert.True(Evaluate(new DateOnly(2026, 9, 22)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_notice_is_dated_exactly_two_months_ago()
    {
        Assert.False(Evaluate(new DateOnly(2026, 9, 21)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_notice_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2026, 9, 20)).Fired);
    }

    [Fact]
    public void Fires_on_the_day_of_the_notice()
    {
        Assert.True(Evaluate(Today).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_notice_dated_in_the_future_but_changes_on_its_date()
    {
        var outcome = Evaluate(Today.AddDays(1));

        Assert.False(outcome.Fired);
        Assert.Equal(Today.AddDays(1), outcome.NextChange);
    }

    [Fact]
    public void Says_the_verdict_changes_two_months_after_the_notice()
    {
        var outcome = Evaluate(new DateOnly(2026, 9, 22));

        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
        Assert.False(Evaluate(new DateOnly(2026, 9, 22), on: new DateOnly(2026, 11, 22)).Fired);
    }

    [Fact]
    public void Lists_each_notice_inside_the_window_as_a_fact()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 10, 1), NoticeType.Weapon, "blade in cell");
        prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 1, 1), NoticeType.Other, "old notice");

        var outcome = _rule.Evaluate(prisoner, Today);

        Assert.Contains("blade in cell", Assert.Single(outcome.Facts));
    }

    private RuleOutcome Evaluate(DateOnly noticeDate, DateOnly? on = null)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(noticeDate, NoticeType.Other, "refused to return to cell");
        return _rule.Evaluate(prisoner, on ?? Today);
    }
}
