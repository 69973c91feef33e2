using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class MoreThanOneDisciplinaryNoticeInLast6MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2026-05-21
    private static readonly DateOnly Recent = new(2026, 11, 1);
    private readonly MoreThanOneDisciplinaryNoticeInLast6Months _rule = new();

    [Fact]
    public void Fires_when_the_older_notice_is_one_day_inside_window()
    {
        Assert.True(Evaluate(Recent, new DateOnly(2026, 5, 22)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_the_older_notice_is_dated_exactly_six_months_ago()
    {
        Assert.False(Evaluate(Recent, new DateOnly(2026, 5, 21)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_the_older_notice_is_one_day_before_window()
    {
        Assert.False(Evaluate(Recent, new DateOnly(2026, 5, 20)).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_single_notice()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(Recent, NoticeType.Other, "one notice");

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_when_the_older_notice_leaves_the_window()
    {
        var outcome = Evaluate(Recent, new DateOnly(2026, 5, 22));

        Assert.True(outcome.Fired);
        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
    }

    private RuleOutcome Evaluate(params DateOnly[] noticeDates)
    {
        var prisoner = Prisoners.Convicted();
        foreach (var date in noticeDates)
        {
            prisoner.RecordDisciplinaryNotice(date, NoticeType.Other, "disobeyed an order");
        }

        return _rule.Evaluate(prisoner, Today);
    }
}
