using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class WeaponFoundInLast12MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2025-11-21
    private readonly WeaponFoundInLast12Months _rule = new();

    [Fact]
    public void Fires_when_notice_is_one_day_inside_window()
    {
        var outcome = Evaluate(new DateOnly(2025, 11, 22));

        Assert.True(outcome.Fired);
        Assert.Contains("blade in cell", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Does_not_fire_when_notice_is_dated_exactly_twelve_months_ago()
    {
        Assert.False(Evaluate(new DateOnly(2025, 11, 21)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_notice_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2025, 11, 20)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_on_the_day_the_notice_leaves_the_window()
    {
        Assert.Equal(Today.AddDays(1), Evaluate(new DateOnly(2025, 11, 22)).NextChange);
        Assert.Equal(new DateOnly(2027, 4, 30), Evaluate(new DateOnly(2026, 4, 30)).NextChange);
    }

    [Theory]
    [InlineData(NoticeType.Other)]
    [InlineData(NoticeType.MobilePhone)]
    [InlineData(NoticeType.Drugs)]
    public void Does_not_fire_for_a_notice_of_another_type(NoticeType type)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 11, 1), type, "blade in cell");

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    private RuleOutcome Evaluate(DateOnly noticeDate, DateOnly? on = null)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(noticeDate, NoticeType.Weapon, "blade in cell");
        return _rule.Evaluate(prisoner, on ?? Today);
    }
}
