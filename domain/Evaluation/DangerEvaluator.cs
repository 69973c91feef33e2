namespace Prison.Domain.Evaluation;

/// <summary>Runs every rule of a rule set over one prisoner, in memory.</summary>
public sealed class DangerEvaluator(RuleSet ruleSet, PrisonCalendar calendar)
{
    public RuleSet RuleSet { get; } = ruleSet;

    /// <summary>
    /// The verdict now, and its forecast: the rules run again over the same record at each day on which one of them
    /// said its conclusion may next change, until the status differs or the horizon ends. The status may stay the same
    /// at such a day (another rule still fires), so the walk goes on from that day's own next change.
    /// </summary>
    public Verdict Evaluate(Prisoner prisoner, DateTime utcNow)
    {
        var evaluatedAt = PrisonCalendar.AsUtc(utcNow);
        var now = Run(prisoner, calendar.Today(evaluatedAt));
        var status = StatusOf(now.Fired);
        return new Verdict(
            status,
            now.Fired,
            evaluatedAt,
            now.NextChange is { } day ? calendar.StartOfDayUtc(day) : null,
            RuleSet.Id,
            ForecastFrom(prisoner, status, now, evaluatedAt + Forecast.Horizon));
    }

    private Forecast? ForecastFrom(Prisoner prisoner, DangerStatus status, Step now, DateTime horizonUtc)
    {
        var before = now;
        while (before.NextChange is { } day && calendar.StartOfDayUtc(day) is var atUtc && atUtc <= horizonUtc)
        {
            var then = Run(prisoner, day);
            if (StatusOf(then.Fired) is var next && next != status)
            {
                return new Forecast(atUtc, status, next, Except(then.Fired, before.Fired), Except(before.Fired, then.Fired));
            }

            // Rules promise a next change after the day asked about; a rule that broke it must not hold the walk.
            if (then.NextChange is { } following && following <= day)
            {
                return null;
            }

            before = then;
        }

        return null;
    }

    private Step Run(Prisoner prisoner, DateOnly today)
    {
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

        return new Step(fired, nextChange);
    }

    private static DangerStatus StatusOf(IReadOnlyList<FiredRule> fired) => fired.Count > 0 ? DangerStatus.Dangerous : DangerStatus.NotDangerous;

    /// <summary>The rules of <paramref name="these"/> that <paramref name="others"/> does not name, in rule order.</summary>
    private static List<FiredRule> Except(IReadOnlyList<FiredRule> these, IReadOnlyList<FiredRule> others) =>
        [.. these.Where(f => !others.Any(o => o.Code == f.Code))];

    private sealed record Step(IReadOnlyList<FiredRule> Fired, DateOnly? NextChange);
}
