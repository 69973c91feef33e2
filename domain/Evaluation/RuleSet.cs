using System.Security.Cryptography;
using System.Text;

namespace Prison.Domain.Evaluation;

/// <summary>
/// The enabled rules, in code order, and an id that changes whenever a rule is added, removed, enabled,
/// disabled or given a new version: a stored verdict whose rule set id differs from the one in force is stale.
/// </summary>
public sealed class RuleSet
{
    public RuleSet(IEnumerable<DangerRule> rules)
    {
        Rules = rules.OrderBy(r => r.Code, StringComparer.Ordinal).ToList();
        var duplicate = Rules.GroupBy(r => r.Code).FirstOrDefault(g => g.Count() > 1);
        if (duplicate is not null)
        {
            throw new ArgumentException($"Two rules share the code {duplicate.Key}: {string.Join(", ", duplicate.Select(r => r.GetType().AssemblyQualifiedName))}.", nameof(rules));
        }

        Description = string.Join(',', Rules.Select(r => $"{r.Code}@{r.Version}"));
        Id = Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(Description)))[..16];
    }

    public IReadOnlyList<DangerRule> Rules { get; }

    /// <summary>Codes and versions of the rules, e.g. "ActiveDetainer@1,ArrivedInLast7Days@1".</summary>
    public string Description { get; }

    /// <summary>A short fingerprint of <see cref="Description"/>, stored with every verdict.</summary>
    public string Id { get; }

    public RuleSet Without(IEnumerable<string> disabledCodes)
    {
        var disabled = disabledCodes.ToHashSet(StringComparer.Ordinal);
        return new RuleSet(Rules.Where(r => !disabled.Contains(r.Code)));
    }
}
