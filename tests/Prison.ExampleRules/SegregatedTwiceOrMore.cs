using Prison.Domain;
using Prison.Domain.Evaluation;

namespace Prison.ExampleRules;

/// <summary>An example of a rule shipped in its own assembly: two or more segregation periods, ever.</summary>
public sealed class SegregatedTwiceOrMore : DangerRule
{
    public override string Title => "Segregated twice or more";

    public override RuleCategory Category => RuleCategory.Custody;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today)
    {
        var periods = prisoner.SegregationPeriods;
        return periods.Count >= 2
            ? RuleOutcome.Fire(periods.Select(p => $"segregated from {p.Period.Start:yyyy-MM-dd}: {p.Reason}"))
            : RuleOutcome.Quiet();
    }
}
