using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 28: a failed drug test dated in the last 3 months. A refused test is rule 29, <see cref="RefusedDrugTestInLast3Months"/>.</summary>
public sealed class FailedDrugTestInLast3Months : RecentRecordRule<DrugTest>
{
    public override string Title => "Failed a drug test in the last 3 months";

    public override RuleCategory Category => RuleCategory.Health;

    protected override TrailingWindow Span { get; } = TrailingWindow.Months(3);

    protected override IEnumerable<DrugTest> Candidates(Prisoner prisoner) =>
        prisoner.DrugTests.Where(t => t.Result == DrugTestResult.Failed);

    protected override DateOnly DateOf(DrugTest record) => record.Date;
}
