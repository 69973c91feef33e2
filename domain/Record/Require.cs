namespace Prison.Domain.Record;

/// <summary>The texts the record keeps: given, trimmed, and within their length, or refused.</summary>
internal static class Require
{
    public static string Text(string? value, string name, int maxLength = 2000)
    {
        if (string.IsNullOrWhiteSpace(value))
        {
            throw new RecordRefusedException($"A text is required ({name}).");
        }

        var trimmed = value.Trim();
        return trimmed.Length <= maxLength
            ? trimmed
            : throw new RecordRefusedException($"The text is longer than {maxLength} characters ({name}).");
    }
}
