using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class ThreatToStaffInLast6MonthsTests : NoticeOfTypeRuleTests<ThreatToStaffInLast6Months>
{
    protected override NoticeType Type => NoticeType.Threat;

    protected override int WindowMonths => 6;
}
