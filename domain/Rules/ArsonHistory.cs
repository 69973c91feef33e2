using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 27: convicted of arson, however long ago. A pending, acquitted or dropped arson charge does not
/// count; only the charge's category decides, not whether it was recorded as violent.
/// </summary>
public sealed class ArsonHistory : DangerRule
{
    public override string Title => "Convicted of arson";

    public override RuleCategory Category => RuleCategory.Legal;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today) =>
        RuleOutcome.FromMatches(
            prisoner.Charges.Where(c => c.Category == OffenceCategory.Arson && c.IsConvicted),
            nextChange: null);
}
