using Prison.Db.RuleSettings;
using Prison.Domain.Evaluation;
using Prison.Runtime.Runs;

namespace Prison.Runtime.Evaluation;

/// <summary>A stored rule setting, the rule set it brought into force, and the re-evaluation run it started or joined.</summary>
public sealed record AppliedRuleChange(RuleSetting Setting, RuleSet RuleSet, RunStart Run);
