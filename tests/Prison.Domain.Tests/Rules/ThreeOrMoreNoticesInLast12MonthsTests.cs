using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ThreeOrMoreNoticesInLast12MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2025-11-21
    private static readonly DateOnly Recent = new(2026, 11, 1);
    private static readonly DateOnly Middle = new(2026, 6, 15);
    private readonly ThreeOrMoreNoticesInLast12Months _rule = new();

    [Fact]
    public void Fires_when_the_oldest_notice_is_one_day_inside_window()
    {
        var outcome = Evaluate(Recent, Middle, new DateOnly(2025, 11, 22));

        Assert.True(outcome.Fired);
        Assert.Equal(3, outcome.Facts.Count);
    }

    [Fact]
    public void Does_not_fire_when_the_oldest_notice_is_dated_exactly_twelve_months_ago()
    {
        Assert.False(Evaluate(Recent, Middle, new DateOnly(2025, 11, 21)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_the_oldest_notice_is_one_day_before_window()
    {
        Assert.False(Evaluate(Recent, Middle, new DateOnly(2025, 11, 20)).Fired);
    }

    [Fact]
    public void Does_not_fire_for_two_notices()
    {
        Assert.False(Evaluate(Recent, Middle).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_when_the_oldest_notice_leaves_the_window()
    {
        var outcome = Evaluate(Recent, Middle, new DateOnly(2025, 11, 22));

        Assert.Equal(new DateOnly(2026, 11, 22), outcome.NextChange);
    }

    [Fact]
    public void Counts_notices_of_any_type()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(Recent, NoticeType.Weapon, "blade in cell");
        prisoner.RecordDisciplinaryNotice(Middle, NoticeType.MobilePhone, "phone in mattress");
        prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 2, 1), NoticeType.Other, "refused to work");

        Assert.True(_rule.Evaluate(prisoner, Today).Fired);
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
