using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class AssaultOnStaffInLast24MonthsTests : NoticeOfTypeRuleTests<AssaultOnStaffInLast24Months>
{
    protected override NoticeType Type => NoticeType.AssaultOnStaff;

    protected override int WindowMonths => 24;
}
