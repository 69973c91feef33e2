using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class WeaponFoundInLast12MonthsTests : NoticeOfTypeRuleTests<WeaponFoundInLast12Months>
{
    protected override NoticeType Type => NoticeType.Weapon;

    protected override int WindowMonths => 12;
}
