using System.Globalization;

namespace Prison.Db.Reads;

/// <summary>
/// Where a page of a prison's current prisoners ends, in their order (newest arrival first, then by number): the next
/// page starts after it. A token in a link (<see cref="ToString"/>): the arrival day, a '_', the number.
/// </summary>
public sealed record ArrivalCursor(DateOnly ArrivalDate, string Number)
{
    private const string DateFormat = "yyyy-MM-dd";

    public static ArrivalCursor After(ArrivalRow row) => new(row.ArrivalDate, row.Number);

    public override string ToString() => $"{ArrivalDate.ToString(DateFormat, CultureInfo.InvariantCulture)}_{Number}";

    /// <summary>Reads a token made by <see cref="ToString"/>; false for anything else.</summary>
    public static bool TryParse(string? token, out ArrivalCursor? cursor)
    {
        cursor = null;
        if (token is not { Length: > 11 } || token[10] != '_'
            || !DateOnly.TryParseExact(token.AsSpan(0, 10), DateFormat, CultureInfo.InvariantCulture, DateTimeStyles.None, out var date))
        {
            return false;
        }

        cursor = new ArrivalCursor(date, token[11..]);
        return true;
    }
}
