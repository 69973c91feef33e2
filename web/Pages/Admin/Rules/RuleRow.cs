using Prison.Db.RuleSettings;
using Prison.Domain.Evaluation;

namespace Prison.Web.Pages.Admin.Rules;

/// <summary>One line of the rules page: a rule, whether it is enabled (and who said so), and how many it fires for.</summary>
public sealed record RuleRow(DangerRule Rule, bool Enabled, RuleSetting? Setting, int Firing);
