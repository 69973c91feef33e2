using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 21: any escape or attempted escape on record, however long ago. Absconding (failing to return from
/// temporary release) does not count here: it is rule 22, <see cref="AbscondedInLast5Years"/>, which only
/// looks back 5 years.
/// </summary>
public sealed class EscapeHistory : DangerRule
{
    public override string Title => "Has escaped or attempted to escape";

    public override RuleCategory Category => RuleCategory.Escape;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today) =>
        RuleOutcome.FromMatches(
            prisoner.EscapeRecords.Where(e => e.Kind is EscapeKind.Escape or EscapeKind.AttemptedEscape),
            nextChange: null);
}
