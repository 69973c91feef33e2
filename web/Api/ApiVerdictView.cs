using Prison.Db.Reads;
using Prison.Domain;
using Prison.Web.Wording;

namespace Prison.Web.Api;

/// <summary>
/// One prisoner's verdict as the API answers it. Unknown, as on the pages, while the worker has not answered for the
/// record's current version; Unknown too while the stored verdict is of a rule set no longer in force (the pages show it
/// marked "from the previous rule set"): <see cref="PreviousRuleSetStatus"/> then says what it was. The forecast only
/// beside a verdict of the rule set in force.
/// </summary>
public sealed record ApiVerdictView(
    Guid PrisonerId,
    string Number,
    DangerStatus Status,
    IReadOnlyList<ApiReason> Reasons,
    DateTimeOffset? EvaluatedAt,
    DateTimeOffset? NextReevaluationAt,
    long RecordVersion,
    string? RuleSet,
    DangerStatus? PreviousRuleSetStatus,
    ApiForecast? Forecast)
{
    public static ApiVerdictView Of(ApiVerdict read, string ruleSetInForce, RuleTitles titles, Func<int, string> prisonName)
    {
        var verdict = read.Verdict;
        var current = verdict.Status != DangerStatus.Unknown && verdict.RuleSet == ruleSetInForce;
        return new ApiVerdictView(
            read.PrisonerId,
            read.Number,
            current ? verdict.Status : DangerStatus.Unknown,
            current ? [.. verdict.Facts.Select(f => ApiReason.Of(f, titles, prisonName))] : [],
            current ? Utc(verdict.EvaluatedAtUtc) : null,
            current ? Utc(verdict.ReevaluateAtUtc) : null,
            read.ChangeVersion,
            current ? verdict.RuleSet : null,
            !current && verdict.Status != DangerStatus.Unknown ? verdict.Status : null,
            current && read.Forecast.AtUtc is { } at && read.Forecast.To is { } to
                ? new ApiForecast(Utc(at)!.Value, to, [.. Db.Writes.RuleFacts.FromJson(read.Forecast.Came).Select(f => ApiReason.Of(f, titles, prisonName))], [.. Db.Writes.RuleFacts.FromJson(read.Forecast.Went).Select(f => ApiReason.Of(f, titles, prisonName))])
                : null);
    }

    public static DateTimeOffset? Utc(DateTime? instant) => instant is { } at ? new DateTimeOffset(DateTime.SpecifyKind(at, DateTimeKind.Utc)) : null;
}
