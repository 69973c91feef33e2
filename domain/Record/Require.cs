namespace Prison.Domain.Record;

internal static class Require
{
    public static string Text(string? value, string name, int maxLength = 2000)
    {
        if (string.IsNullOrWhiteSpace(value))
        {
            throw new ArgumentException("A text is required.", name);
        }

        var trimmed = value.Trim();
        return trimmed.Length <= maxLength
            ? trimmed
            : throw new ArgumentException($"The text is longer than {maxLength} characters.", name);
    }
}
