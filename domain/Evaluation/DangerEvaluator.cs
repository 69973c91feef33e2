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
    /// <param name="work">counts the rules run and the forecast's steps, when given.</param>
    public Verdict Evaluate(Prisoner prisoner, DateTime utcNow, EvaluationWork? work = null)
    {
        var evaluatedAt = PrisonCalendar.AsUtc(utcNow);
        var today = calendar.Today(evaluatedAt);
        var rules = RuleSet.Rules;
        var outcomes = new RuleOutcome[rules.Count];
        for (var i = 0; i < rules.Count; i++)
        {
            outcomes[i] = rules[i].Evaluate(prisoner, today);
        }

        work?.Evaluated(rules.Count);
        var fired = FiredOf(outcomes);
        var nextChange = NextChangeOf(outcomes);
        var status = StatusOf(outcomes);
        return new Verdict(
            status,
            fired,
            evaluatedAt,
            nextChange is { } day ? calendar.StartOfDayUtc(day) : null,
            RuleSet.Id,
            ForecastFrom(prisoner, status, outcomes, nextChange, evaluatedAt + Forecast.Horizon, work));
    }

    /// <summary>
    /// A rule's conclusion stands until the day it named as its next change: at each day of the walk only the rules
    /// that named it (or an earlier one) run again, over the same record, the others keep theirs. Most prisoners have
    /// no change within the horizon, and cost nothing more than the comparison.
    /// </summary>
    private Forecast? ForecastFrom(Prisoner prisoner, DangerStatus status, RuleOutcome[] now, DateOnly? nextChange, DateTime horizonUtc, EvaluationWork? work)
    {
        if (nextChange is not { } first || calendar.StartOfDayUtc(first) > horizonUtc || DangerousThroughout(now, horizonUtc))
        {
            return null;
        }

        var rules = RuleSet.Rules;
        var before = now;
        var day = first;
        while (true)
        {
            var then = (RuleOutcome[])before.Clone();
            var runs = 0;
            for (var i = 0; i < rules.Count; i++)
            {
                if (then[i].NextChange is { } change && change <= day)
                {
                    then[i] = rules[i].Evaluate(prisoner, day);
                    runs++;
                }
            }

            work?.Stepped(runs);

            var atUtc = calendar.StartOfDayUtc(day);
            if (StatusOf(then) is var next && next != status)
            {
                var firedBefore = FiredOf(before);
                var firedThen = FiredOf(then);
                return new Forecast(atUtc, status, next, Except(firedThen, firedBefore), Except(firedBefore, firedThen));
            }

            // Rules promise a next change after the day asked about; a rule that broke it must not hold the walk.
            if (NextChangeOf(then) is not { } following || following <= day || calendar.StartOfDayUtc(following) > horizonUtc)
            {
                return null;
            }

            if (DangerousThroughout(then, horizonUtc))
            {
                return null;
            }

            before = then;
            day = following;
        }
    }

    /// <summary>
    /// A rule that fires and names no change of its conclusion within the horizon keeps the prisoner Dangerous to its
    /// end, whatever the others do: no forecast, and no walk to find that out (most Dangerous prisoners).
    /// </summary>
    private bool DangerousThroughout(RuleOutcome[] outcomes, DateTime horizonUtc)
    {
        foreach (var outcome in outcomes)
        {
            if (outcome.Fired && (outcome.NextChange is not { } change || calendar.StartOfDayUtc(change) > horizonUtc))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The rules that fired, in rule order; nothing is allocated for a prisoner none fired for.</summary>
    private IReadOnlyList<FiredRule> FiredOf(RuleOutcome[] outcomes)
    {
        List<FiredRule>? fired = null;
        for (var i = 0; i < outcomes.Length; i++)
        {
            if (outcomes[i].Fired)
            {
                var rule = RuleSet.Rules[i];
                (fired ??= []).Add(new FiredRule(rule.Code, rule.Title, outcomes[i].Facts));
            }
        }

        return fired is null ? [] : fired;
    }

    private static DateOnly? NextChangeOf(RuleOutcome[] outcomes)
    {
        DateOnly? next = null;
        foreach (var outcome in outcomes)
        {
            next = RuleOutcome.Earliest(next, outcome.NextChange);
        }

        return next;
    }

    private static DangerStatus StatusOf(RuleOutcome[] outcomes) =>
        Array.Exists(outcomes, o => o.Fired) ? DangerStatus.Dangerous : DangerStatus.NotDangerous;

    /// <summary>The rules of <paramref name="these"/> that <paramref name="others"/> does not name, in rule order.</summary>
    private static List<FiredRule> Except(IReadOnlyList<FiredRule> these, IReadOnlyList<FiredRule> others) =>
        [.. these.Where(f => !others.Any(o => o.Code == f.Code))];
}
