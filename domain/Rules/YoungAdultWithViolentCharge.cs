using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 37: under 25 years old with a violent charge that still stands (as rule 4 counts them: pending or
/// convicted). The prisoner is under 25 until the day of their 25th birthday. Someone born on 29 February
/// reaches 25 on 28 February when that year is not a leap year (<see cref="DateOnly.AddYears"/> clamps).
/// When the date of birth is unknown the age cannot be established and the rule does not fire.
/// </summary>
public sealed class YoungAdultWithViolentCharge : DangerRule
{
    private const int AgeLimit = 25;

    public override string Title => "Under 25 with a violent charge";

    public override RuleCategory Category => RuleCategory.Legal;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today)
    {
        if (prisoner.DateOfBirth is not { } dateOfBirth)
        {
            return RuleOutcome.Quiet();
        }

        var charges = ChargedWithViolentCrime.StandingViolentCharges(prisoner).ToList();
        var birthday = dateOfBirth.AddYears(AgeLimit);
        if (charges.Count == 0 || today >= birthday)
        {
            return RuleOutcome.Quiet();
        }

        var facts = new List<string> { $"under {AgeLimit} until {birthday:yyyy-MM-dd} (born {dateOfBirth:yyyy-MM-dd})" };
        facts.AddRange(charges.Select(c => c.ToString()));
        return RuleOutcome.Fire(facts, birthday);
    }
}
