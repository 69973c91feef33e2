using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Prison.Db.Reads;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Web.Pages.Shared;

namespace Prison.Web.Wording;

/// <summary>
/// The prisoner page's verdict block in words: status, fired rules with their facts, when it was evaluated, when it is
/// evaluated again, the rule set. The page writes it, and its script asks the verdict poll whether it still stands:
/// <see cref="Stamp"/> is a digest of all of it, so equal stamps mean the block would read the same.
/// </summary>
public sealed record VerdictBlock(
    string Status,
    string Label,
    string Badge,
    IReadOnlyList<FiredFacts> Fired,
    string Evaluated,
    string NextReevaluation,
    string RuleSet)
{
    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web);

    public string Stamp => Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(
        JsonSerializer.Serialize(new { Status, Label, Badge, Fired, Evaluated, NextReevaluation, RuleSet }, Json))).AsSpan(0, 12));

    /// <param name="ruleSetInForce">The rule set this process evaluates with: a verdict of another is marked as from the previous one.</param>
    /// <param name="prisonName">Names the prisons the facts mention by number.</param>
    public static VerdictBlock Of(
        StoredVerdict verdict, string ruleSetInForce, RuleTitles titles, PrisonTime time, Func<int, string> prisonName) => new(
        verdict.Status.ToString(),
        StatusLabels.Of(verdict.Status),
        StatusLabels.CssClass(verdict.Status),
        verdict.Status == DangerStatus.Unknown
            ? []
            : [.. verdict.Facts.Select(f => new FiredFacts(titles[f.Code], [.. f.Facts.Select(fact => RecordWords.Fact(fact, prisonName))]))],
        time.Of(verdict.EvaluatedAtUtc),
        time.Of(verdict.ReevaluateAtUtc, "only when the record changes"),
        (verdict.RuleSet ?? "—") + (verdict.RuleSet is { } stored && stored != ruleSetInForce ? " (from the previous rule set: being evaluated again)" : ""));
}
