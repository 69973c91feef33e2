using Prison.Domain.Evaluation;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 10: a court hearing is scheduled from today to 14 days ahead, both days included; the hearing day
/// itself still counts, a hearing that has passed does not. A hearing starts to count 14 days before its
/// date and stops the day after it.
/// </summary>
public sealed class CourtHearingWithin14Days : DangerRule
{
    private const int Days = 14;

    public override string Title => "Court hearing within 14 days";

    public override RuleCategory Category => RuleCategory.Legal;

    public override string? Window => "next 14 days";

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today)
    {
        var hearings = prisoner.CourtHearings;
        if (hearings.Count == 0)
        {
            return RuleOutcome.Quiet();
        }

        var upcoming = hearings.Where(h => today <= h.Date && h.Date <= today.AddDays(Days)).OrderBy(h => h.Date);
        return RuleOutcome.FromMatches(upcoming, RuleOutcome.Earliest(hearings.Select(h => NextChange(h.Date, today))));
    }

    /// <summary>The next day after <paramref name="today"/> on which a hearing of <paramref name="date"/> enters or leaves the window.</summary>
    private static DateOnly? NextChange(DateOnly date, DateOnly today)
    {
        if (today.AddDays(Days) < date)
        {
            return date.AddDays(-Days);
        }

        return today <= date ? date.AddDays(1) : null;
    }
}
