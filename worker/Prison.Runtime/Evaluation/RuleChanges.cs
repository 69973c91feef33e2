using Prison.Db;
using Prison.Db.Identity;
using Prison.Db.RuleSettings;
using Prison.Db.Runs;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Runtime.Runs;

namespace Prison.Runtime.Evaluation;

/// <summary>
/// An admin enabling or disabling a rule: the setting is stored with who, when and why, the rule set it makes is
/// recorded as the one in force, and a full re-evaluation starts (or the current run is joined: its remaining
/// batches use the new rule set, and a run behind the rules is followed by another when it ends). The rule set is the
/// same for every prison, so only someone who reaches every prison changes it.
/// </summary>
public sealed class RuleChanges(PrisonDb db, CurrentRules rules, ReevaluationRuns runs, ActorReach reach, TimeProvider clock)
{
    public async Task<AppliedRuleChange> ApplyAsync(string code, bool enable, string reason, string changedBy, CancellationToken cancellationToken)
    {
        await HeadquartersActs.EnsureAsync(db, reach, $"{(enable ? "enable" : "disable")} the rule {TextCut.AtMost(code, 200)}", cancellationToken);
        if (rules.Find(code) is null)
        {
            throw new ChangeRefusedException($"No rule has the code {code}.", nameof(code));
        }

        if (string.IsNullOrWhiteSpace(reason))
        {
            throw new ChangeRefusedException("Give a reason for the change.", nameof(reason));
        }

        var setting = new RuleSetting
        {
            Code = code,
            Enabled = enable,
            Reason = reason.Trim(),
            ChangedBy = changedBy,
            ChangedAtUtc = clock.GetUtcNow().UtcDateTime,
        };
        RuleSet? composed = null;
        await db.ApplyRuleSettingAsync(setting, settings => (composed = rules.Compose(settings)).Id, cancellationToken);
        rules.Use(composed!);
        var start = await runs.StartAsync(RuleSetStartup.StartedBy, RunScope.All, cancellationToken);
        return new AppliedRuleChange(setting, composed!, start);
    }
}
