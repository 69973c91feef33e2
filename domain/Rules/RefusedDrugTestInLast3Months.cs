using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 29: a refused drug test dated in the last 3 months. A failed test is rule 28, <see cref="FailedDrugTestInLast3Months"/>.</summary>
public sealed class RefusedDrugTestInLast3Months : RecentRecordRule<DrugTest>
{
    public override string Title => "Refused a drug test in the last 3 months";

    public override RuleCategory Category => RuleCategory.Health;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(3);

    protected override IEnumerable<DrugTest> Candidates(Prisoner prisoner) =>
        prisoner.DrugTests.Where(t => t.Result == DrugTestResult.Refused);

    protected override DateOnly DateOf(DrugTest record) => record.Date;
}
