using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class DrugsFoundInLast6MonthsTests : NoticeOfTypeRuleTests<DrugsFoundInLast6Months>
{
    protected override NoticeType Type => NoticeType.Drugs;

    protected override int WindowMonths => 6;
}
