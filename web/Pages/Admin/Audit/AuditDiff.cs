using System.Text.Json;
using Prison.Domain;

namespace Prison.Web.Pages.Admin.Audit;

/// <summary>
/// An audit entry's before and after values (JSON objects of record parts and their fields, or of fields alone)
/// as a compact list of changed fields.
/// </summary>
public static class AuditDiff
{
    public static IReadOnlyList<DiffLine> Of(string? before, string? after)
    {
        var (old, now) = (Flatten(before), Flatten(after));
        return [.. old.Keys.Union(now.Keys)
            .Where(key => old.GetValueOrDefault(key) != now.GetValueOrDefault(key))
            .Select(key => new DiffLine(Label(key.Part), key.Field, old.GetValueOrDefault(key), now.GetValueOrDefault(key)))];
    }

    /// <summary>{"Part id": {"Field": value}} or {"Field": value} as (part, field) → text, in the JSON's order.</summary>
    private static Dictionary<(string Part, string Field), string> Flatten(string? json)
    {
        var values = new Dictionary<(string, string), string>();
        if (json is null)
        {
            return values;
        }

        foreach (var part in JsonDocument.Parse(json).RootElement.EnumerateObject())
        {
            if (part.Value.ValueKind == JsonValueKind.Object)
            {
                foreach (var field in part.Value.EnumerateObject())
                {
                    values[(part.Name, Words.Of(field.Name.Replace(".", "", StringComparison.Ordinal)))] = Text(field.Value);
                }
            }
            else
            {
                values[(string.Empty, Words.Of(part.Name))] = Text(part.Value);
            }
        }

        return values;
    }

    /// <summary>"DisciplinaryNotice 0199…" reads as "Disciplinary notice": the id says nothing to a reader.</summary>
    private static string Label(string part) => Words.Of(part.Split(' ')[0]);

    private static string Text(JsonElement value) => value.ValueKind switch
    {
        JsonValueKind.Null => "none",
        JsonValueKind.String => value.GetString()!,
        JsonValueKind.Array => string.Join(", ", value.EnumerateArray().Select(Text)),
        _ => value.GetRawText(),
    };
}
