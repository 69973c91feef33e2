namespace Prison.Domain;

/// <summary>The stored form of a list of rule codes: one text column, codes separated by spaces.</summary>
public static class RuleCodes
{
    public static string Format(IEnumerable<string> codes) => string.Join(' ', codes);

    public static IReadOnlyList<string> Parse(string? stored) =>
        string.IsNullOrWhiteSpace(stored) ? [] : stored.Split(' ', StringSplitOptions.RemoveEmptyEntries);
}
