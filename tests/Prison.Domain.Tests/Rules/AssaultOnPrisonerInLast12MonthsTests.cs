using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class AssaultOnPrisonerInLast12MonthsTests : NoticeOfTypeRuleTests<AssaultOnPrisonerInLast12Months>
{
    protected override NoticeType Type => NoticeType.AssaultOnPrisoner;

    protected override int WindowMonths => 12;
}
