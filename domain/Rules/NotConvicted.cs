using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>Rule 1: held on remand or awaiting trial, i.e. any legal status other than Convicted.</summary>
public sealed class NotConvicted : DangerRule
{
    public override string Title => "Not convicted (remand or awaiting trial)";

    public override RuleCategory Category => RuleCategory.Legal;

    public override RuleOutcome Evaluate(Prisoner prisoner, DateOnly today) =>
        prisoner.LegalStatus == LegalStatus.Convicted
            ? RuleOutcome.Quiet()
            : RuleOutcome.Fire($"legal status is {Words.InSentence(prisoner.LegalStatus)}");
}
