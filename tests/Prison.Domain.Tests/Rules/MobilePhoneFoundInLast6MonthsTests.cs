using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class MobilePhoneFoundInLast6MonthsTests : NoticeOfTypeRuleTests<MobilePhoneFoundInLast6Months>
{
    protected override NoticeType Type => NoticeType.MobilePhone;

    protected override int WindowMonths => 6;

    [Fact]
    public void A_notice_of_31_August_still_counts_on_28_February_and_stops_on_1_March()
    {
        Assert.True(Evaluate(new DateOnly(2026, 8, 31), on: new DateOnly(2027, 2, 28)).Fired);
        Assert.False(Evaluate(new DateOnly(2026, 8, 31), on: new DateOnly(2027, 3, 1)).Fired);
        Assert.Equal(new DateOnly(2027, 3, 1), Evaluate(new DateOnly(2026, 8, 31)).NextChange);
    }
}
