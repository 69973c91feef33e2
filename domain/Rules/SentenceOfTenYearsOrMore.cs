using Prison.Domain.Evaluation;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 9: the sentence recorded on the current imprisonment is 10 years or longer; a life sentence counts.
/// Only the current imprisonment is read: a prisoner who is not in custody, or whose current stay has no
/// sentence recorded, does not fire, whatever earlier stays recorded. The rule does not depend on the day.
/// </summary>
public sealed class SentenceOfTenYearsOrMore : DangerRule
{
    private const int Years = 10;

    public override string Title => "Serving a sentence of 10 years or more";

    public override RuleCategory Category => RuleCategory.Legal;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today) =>
        prisoner.CurrentStay?.Sentence is { } sentence && sentence.IsAtLeastYears(Years)
            ? RuleOutcome.Fire($"current sentence is {sentence}")
            : RuleOutcome.Quiet();
}
