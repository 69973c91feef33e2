using System.Globalization;
using Prison.Db.History;

namespace Prison.Web.Pages.Prisons.SinceLastShift;

/// <summary>
/// Where a page of history changes, newest first, ended: the next page holds the changes before this one. Travels in
/// links as "ticks.id"; anything else typed there is no cursor.
/// </summary>
public sealed record HistoryCursor(DateTime AtUtc, long Id)
{
    public static HistoryCursor After(VerdictChange last) => new(last.AtUtc, last.Id);

    public static bool TryParse(string? text, out HistoryCursor? cursor)
    {
        cursor = null;
        var parts = text?.Split('.') ?? [];
        if (parts.Length == 2
            && long.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out var ticks) && ticks is > 0 and <= 3_155_378_975_999_999_999
            && long.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out var id))
        {
            cursor = new HistoryCursor(new DateTime(ticks, DateTimeKind.Utc), id);
            return true;
        }

        return false;
    }

    public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"{AtUtc.Ticks}.{Id}");
}
