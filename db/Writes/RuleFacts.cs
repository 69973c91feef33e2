using System.Text.Json;
using Prison.Domain.Evaluation;

namespace Prison.Db.Writes;

/// <summary>The facts behind one fired rule of a stored verdict. Titles are not stored: they come from the rule in force.</summary>
public sealed record RuleFacts(string Code, IReadOnlyList<string> Facts)
{
    public static string ToJson(IEnumerable<FiredRule> fired) =>
        JsonSerializer.Serialize(fired.Select(f => new RuleFacts(f.Code, f.Facts)), JsonOptions);

    public static IReadOnlyList<RuleFacts> FromJson(string? stored) =>
        string.IsNullOrEmpty(stored) ? [] : JsonSerializer.Deserialize<List<RuleFacts>>(stored, JsonOptions) ?? [];

    private static readonly JsonSerializerOptions JsonOptions = new(JsonSerializerDefaults.Web);
}
