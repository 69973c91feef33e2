using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 26: any hostage-taking charge or disciplinary notice on record, however long ago. A charge counts
/// whatever its outcome (pending, convicted, acquitted or dropped): intelligence weighs allegations too, so
/// this rule deliberately differs from the legal rules, which only count charges that stand. Each charge
/// and notice is a fact, and a charge's fact shows its outcome.
/// </summary>
public sealed class HostageTakingHistory : DangerRule
{
    public override string Title => "Hostage taking on record (charge or disciplinary notice)";

    public override RuleCategory Category => RuleCategory.Intelligence;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today)
    {
        var charges = prisoner.Charges.Where(c => c.Category == OffenceCategory.HostageTaking).Select(c => c.ToString());
        var notices = prisoner.DisciplinaryNotices.Where(n => n.Type == NoticeType.HostageTaking).Select(n => n.ToString());
        return RuleOutcome.FromMatches(charges.Concat(notices), nextChange: null);
    }
}
