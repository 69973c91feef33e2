namespace Prison.Domain.Evaluation;

/// <summary>Runs every rule of a rule set over one prisoner, in memory.</summary>
public sealed class DangerEvaluator(RuleSet ruleSet, PrisonCalendar calendar)
{
    public RuleSet RuleSet { get; } = ruleSet;

    public Verdict Evaluate(Prisoner prisoner, DateTime utcNow)
    {
        var today = calendar.Today(utcNow);
        var fired = new List<FiredRule>();
        DateOnly? nextChange = null;
        foreach (var rule in RuleSet.Rules)
        {
            var outcome = rule.Evaluate(prisoner, today);
            if (outcome.Fired)
            {
                fired.Add(new FiredRule(rule.Code, rule.Title, outcome.Facts));
            }

            nextChange = RuleOutcome.Earliest(nextChange, outcome.NextChange);
        }

        return new Verdict(
            fired.Count > 0 ? DangerStatus.Dangerous : DangerStatus.NotDangerous,
            fired,
            PrisonCalendar.AsUtc(utcNow),
            nextChange is { } day ? calendar.StartOfDayUtc(day) : null,
            RuleSet.Id);
    }
}
