using System.Globalization;

namespace Prison.Web.Pages.Prisons.ComingUp;

/// <summary>
/// Where a page of "Coming up" ends, in its order (the forecast's instant, then the number): the next page starts after
/// it. A token in a link (<see cref="ToString"/>): the instant in UTC ticks, a '_', the number.
/// </summary>
public sealed record ComingUpCursor(DateTime AtUtc, string Number)
{
    public static ComingUpCursor After(ComingUpRow row) => new(row.AtUtc, row.Number);

    public override string ToString() => $"{AtUtc.Ticks.ToString(CultureInfo.InvariantCulture)}_{Number}";

    /// <summary>Reads a token made by <see cref="ToString"/>; false for anything else.</summary>
    public static bool TryParse(string? token, out ComingUpCursor? cursor)
    {
        cursor = null;
        var split = token?.IndexOf('_') ?? -1;
        if (split <= 0 || split == token!.Length - 1
            || !long.TryParse(token.AsSpan(0, split), NumberStyles.None, CultureInfo.InvariantCulture, out var ticks)
            || ticks > DateTime.MaxValue.Ticks)
        {
            return false;
        }

        cursor = new ComingUpCursor(new DateTime(ticks, DateTimeKind.Utc), token[(split + 1)..]);
        return true;
    }
}
