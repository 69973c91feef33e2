using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class MobilePhoneFoundInLast6MonthsTests
{
    private static readonly DateOnly Today = Prisoners.Today; // the window starts after 2026-05-21
    private readonly MobilePhoneFoundInLast6Months _rule = new();

    [Fact]
    public void Fires_when_notice_is_one_day_inside_window()
    {
        var outcome = Evaluate(new DateOnly(2026, 5, 22));

        Assert.True(outcome.Fired);
        Assert.Contains("phone in mattress", Assert.Single(outcome.Facts));
    }

    [Fact]
    public void Does_not_fire_when_notice_is_dated_exactly_six_months_ago()
    {
        Assert.False(Evaluate(new DateOnly(2026, 5, 21)).Fired);
    }

    [Fact]
    public void Does_not_fire_when_notice_is_one_day_before_window()
    {
        Assert.False(Evaluate(new DateOnly(2026, 5, 20)).Fired);
    }

    [Fact]
    public void Says_the_verdict_changes_on_the_day_the_notice_leaves_the_window()
    {
        Assert.Equal(Today.AddDays(1), Evaluate(new DateOnly(2026, 5, 22)).NextChange);
        Assert.Equal(new DateOnly(2027, 3, 1), Evaluate(new DateOnly(2026, 8, 31)).NextChange);
    }

    [Fact]
    public void A_notice_of_31_August_still_counts_on_28_February_and_stops_on_1_March()
    {
        Assert.True(Evaluate(new DateOnly(2026, 8, 31), on: new DateOnly(2027, 2, 28)).Fired);
        Assert.False(Evaluate(new DateOnly(2026, 8, 31), on: new DateOnly(2027, 3, 1)).Fired);
    }

    [Theory]
    [InlineData(NoticeType.Other)]
    [InlineData(NoticeType.Weapon)]
    [InlineData(NoticeType.Drugs)]
    public void Does_not_fire_for_a_notice_of_another_type(NoticeType type)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 11, 1), type, "phone in mattress");

        Assert.False(_rule.Evaluate(prisoner, Today).Fired);
    }

    private RuleOutcome Evaluate(DateOnly noticeDate, DateOnly? on = null)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(noticeDate, NoticeType.MobilePhone, "phone in mattress");
        return _rule.Evaluate(prisoner, on ?? Today);
    }
}
